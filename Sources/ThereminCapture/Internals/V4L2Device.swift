// Every raw libv4l2 and system call of ThereminCapture lives in this file: libv4l2's open/ioctl/mmap/close (controls
// too), poll and eventfd, each interrupted call retried by Core's `SystemCall`; TurboJPEG's are in JPEGDecoder.swift.
// The rest of the module sees typed Swift values and V4L2Error.
import CV4L2
#if canImport(Glibc)
import Glibc
#endif
import ThereminCore

/// What VIDIOC_QUERYCAP says about a device.
struct DeviceCapability {
    var driver: String
    var card: String
    var busInfo: String
    /// The capabilities of this node (`device_caps` when the driver reports them, else `capabilities`).
    var nodeCapabilities: UInt32

    var isVideoCapture: Bool { nodeCapabilities & UInt32(V4L2_CAP_VIDEO_CAPTURE) != 0 }
    var canStream: Bool { nodeCapabilities & UInt32(V4L2_CAP_STREAMING) != 0 }

    /// What the node is when it is not a capture device, for messages.
    var kindDescription: String {
        if nodeCapabilities & UInt32(V4L2_CAP_META_CAPTURE) != 0 { return "a metadata node" }
        if nodeCapabilities & UInt32(V4L2_CAP_VIDEO_OUTPUT) != 0 { return "a video output" }
        if nodeCapabilities & UInt32(V4L2_CAP_VIDEO_CAPTURE_MPLANE) != 0 { return "a multi-planar capture device" }
        if isVideoCapture && !canStream { return "a capture device without streaming I/O" }
        return "not a video capture device"
    }
}

/// One entry of VIDIOC_ENUM_FMT.
struct FormatDescriptor {
    var fourcc: FourCC
    var description: String
    var compressed: Bool
    /// Set by libv4l2 for formats it makes by conversion (V4L2_FMT_FLAG_EMULATED).
    var emulated: Bool
}

/// The answers of VIDIOC_ENUM_FRAMESIZES.
enum FrameSizes {
    case discrete([PixelSize])
    case range(SizeRange)
}

/// The answers of VIDIOC_ENUM_FRAMEINTERVALS.
enum FrameIntervals {
    case discrete([FrameInterval])
    case range(IntervalRange)
}

/// A single-planar capture format (VIDIOC_G_FMT / S_FMT).
struct PixelFormat: Equatable {
    var fourcc: FourCC
    var width: Int
    var height: Int
    var bytesPerLine: Int
    var imageSize: Int
    /// How Y'CbCr code values are to be read (meaningless for RGB and compressed formats).
    var colorEncoding = ColorEncoding()
}

/// What VIDIOC_QUERYCTRL says about one control.
struct ControlDescription {
    var minimum: Int32
    var maximum: Int32
    var isMenu: Bool
    /// V4L2_CTRL_FLAG_DISABLED or _READ_ONLY: the value cannot be set.
    var isFixed: Bool
    /// V4L2_CTRL_FLAG_INACTIVE: settable, but without effect in the current mode (e.g. a manual exposure time while
    /// exposure is automatic).
    var isInactive: Bool
}

/// A buffer returned by VIDIOC_DQBUF.
struct DequeuedBuffer {
    var index: Int
    var bytesUsed: Int
    var sequence: UInt32
    /// Capture time on the monotonic clock, when the driver stamps buffers with it.
    var monotonicTimestamp: Double?
    /// The driver flagged the data as damaged (V4L2_BUF_FLAG_ERROR).
    var damaged: Bool
}

/// A buffer's place in the device memory (VIDIOC_QUERYBUF).
struct BufferLocation {
    var offset: UInt32
    var length: Int
}

/// What poll saw on the device.
enum Readiness {
    case frameReady
    /// POLLERR/POLLHUP: the stream stopped or the device went away (DQBUF tells which).
    case deviceError
    case timedOut
    /// The wake-up descriptor fired: someone wants the capture thread to stop.
    case woken
}

/// An open V4L2 device, managed by libv4l2 (which converts formats on the way). Owns its descriptor.
final class V4L2Device: @unchecked Sendable {
    /// The device path, for errors.
    let path: String
    private var descriptor: Int32

    /// libv4l2 prints its own error lines on stderr; every failure reaches the user as a V4L2Error instead, so its
    /// log goes to /dev/null (unless LIBV4L2_LOG_FILENAME asks for it, for debugging). Runs once, thread-safely.
    private static let quietLibraryLog: Void = cv4l2_silence_log()

    /// Opens `path` for non-blocking capture through libv4l2.
    init(opening path: String) throws(V4L2Error) {
        Self.quietLibraryLog
        self.path = path
        try Self.requireVideoDevice(path)
        let fd = SystemCall.retryingInterrupts { cv4l2_open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC) }
        guard fd >= 0 else { throw V4L2Error(operation: .open, errno: errno, device: path) }
        descriptor = fd
    }

    deinit { close() }

    /// Asks the kernel directly whether `path` is a V4L2 device before libv4l2 opens it: libv4l2's mplane plugin
    /// reports a file that is not one with a `perror` line of its own on stderr, which the log redirection above
    /// cannot catch (`--camera /dev/null` would print two lines).
    private static func requireVideoDevice(_ path: String) throws(V4L2Error) {
        let fd = SystemCall.retryingInterrupts { Glibc.open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC) }
        guard fd >= 0 else { throw V4L2Error(operation: .open, errno: errno, device: path) }
        defer { Glibc.close(fd) }
        var capability = v4l2_capability()
        guard SystemCall.retryingInterrupts({ cv4l2_raw_ioctl(fd, CV4L2_VIDIOC_QUERYCAP, &capability) }) == 0 else {
            throw V4L2Error(operation: .open, errno: errno, device: path)
        }
    }

    /// Closes the descriptor; safe to call more than once.
    func close() {
        guard descriptor >= 0 else { return }
        _ = v4l2_close(descriptor)
        descriptor = -1
    }

    private func error(_ operation: V4L2Error.Operation, _ code: Int32 = errno) -> V4L2Error {
        V4L2Error(operation: operation, errno: code, device: path)
    }

    /// One libv4l2 ioctl, retried on EINTR; returns 0 or the errno.
    private func control<Argument>(_ request: UInt, _ argument: inout Argument) -> Int32 {
        let result = withUnsafeMutablePointer(to: &argument) { pointer in
            SystemCall.retryingInterrupts { cv4l2_ioctl(descriptor, request, pointer) }
        }
        return result == 0 ? 0 : errno
    }

    // MARK: identity and formats

    func capability() throws(V4L2Error) -> DeviceCapability {
        var cap = v4l2_capability()
        let code = control(CV4L2_VIDIOC_QUERYCAP, &cap)
        guard code == 0 else { throw error(.queryCapability, code) }
        let caps = cap.capabilities & UInt32(V4L2_CAP_DEVICE_CAPS) != 0 ? cap.device_caps : cap.capabilities
        return DeviceCapability(driver: string(cap.driver), card: string(cap.card), busInfo: string(cap.bus_info),
                                nodeCapabilities: caps)
    }

    func formats() throws(V4L2Error) -> [FormatDescriptor] {
        var result: [FormatDescriptor] = []
        for index in 0..<UInt32(64) {
            var description = v4l2_fmtdesc()
            description.index = index
            description.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
            let code = control(CV4L2_VIDIOC_ENUM_FMT, &description)
            if code == EINVAL { break }
            guard code == 0 else { throw error(.enumerateFormats, code) }
            result.append(FormatDescriptor(
                fourcc: FourCC(rawValue: description.pixelformat), description: string(description.description),
                compressed: description.flags & UInt32(V4L2_FMT_FLAG_COMPRESSED) != 0,
                emulated: description.flags & UInt32(V4L2_FMT_FLAG_EMULATED) != 0))
        }
        return result
    }

    /// The sizes of a format; empty when the driver does not enumerate them.
    func frameSizes(_ fourcc: FourCC) throws(V4L2Error) -> FrameSizes {
        var sizes: [PixelSize] = []
        for index in 0..<UInt32(256) {
            var size = v4l2_frmsizeenum()
            size.index = index
            size.pixel_format = fourcc.rawValue
            let code = control(CV4L2_VIDIOC_ENUM_FRAMESIZES, &size)
            if code == EINVAL || code == ENOTTY { break }
            guard code == 0 else { throw error(.enumerateFrameSizes, code) }
            if size.type == V4L2_FRMSIZE_TYPE_DISCRETE.rawValue {
                sizes.append(PixelSize(width: Int(size.discrete.width), height: Int(size.discrete.height)))
            } else {
                let s = size.stepwise
                return .range(SizeRange(
                    minimum: PixelSize(width: Int(s.min_width), height: Int(s.min_height)),
                    maximum: PixelSize(width: Int(s.max_width), height: Int(s.max_height)),
                    step: PixelSize(width: Int(max(s.step_width, 1)), height: Int(max(s.step_height, 1)))))
            }
        }
        return .discrete(sizes)
    }

    /// The frame intervals of a format at a size; empty when the driver does not enumerate them. Through libv4l2,
    /// asking for an emulated format (BGR24) answers with the rates of the camera format it would convert from.
    func frameIntervals(_ fourcc: FourCC, _ size: PixelSize) throws(V4L2Error) -> FrameIntervals {
        var intervals: [FrameInterval] = []
        for index in 0..<UInt32(256) {
            var interval = v4l2_frmivalenum()
            interval.index = index
            interval.pixel_format = fourcc.rawValue
            interval.width = UInt32(size.width)
            interval.height = UInt32(size.height)
            let code = control(CV4L2_VIDIOC_ENUM_FRAMEINTERVALS, &interval)
            if code == EINVAL || code == ENOTTY { break }
            guard code == 0 else { throw error(.enumerateFrameIntervals, code) }
            if interval.type == V4L2_FRMIVAL_TYPE_DISCRETE.rawValue {
                let d = interval.discrete
                intervals.append(FrameInterval(numerator: d.numerator, denominator: d.denominator))
            } else {
                let s = interval.stepwise
                return .range(IntervalRange(
                    fastest: FrameInterval(numerator: s.min.numerator, denominator: s.min.denominator),
                    slowest: FrameInterval(numerator: s.max.numerator, denominator: s.max.denominator)))
            }
        }
        return .discrete(intervals)
    }

    // MARK: negotiation

    func format() throws(V4L2Error) -> PixelFormat {
        var format = v4l2_format()
        format.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        let code = control(CV4L2_VIDIOC_G_FMT, &format)
        guard code == 0 else { throw error(.getFormat, code) }
        return PixelFormat(format.fmt.pix)
    }

    /// Asks for a format; returns what the driver (and libv4l2) granted, which may differ.
    func setFormat(_ fourcc: FourCC, _ size: PixelSize) throws(V4L2Error) -> PixelFormat {
        var format = v4l2_format()
        format.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        format.fmt.pix.pixelformat = fourcc.rawValue
        format.fmt.pix.width = UInt32(size.width)
        format.fmt.pix.height = UInt32(size.height)
        format.fmt.pix.field = V4L2_FIELD_NONE.rawValue
        let code = control(CV4L2_VIDIOC_S_FMT, &format)
        guard code == 0 else { throw error(.setFormat, code) }
        return try self.format()
    }

    /// The format the driver itself delivers, asked past libv4l2 (which reports the converted one); nil if unknown.
    func driverFormat() -> FourCC? {
        var format = v4l2_format()
        format.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        let result = withUnsafeMutablePointer(to: &format) { pointer in
            SystemCall.retryingInterrupts { cv4l2_raw_ioctl(descriptor, CV4L2_VIDIOC_G_FMT, pointer) }
        }
        return result == 0 ? FourCC(rawValue: format.fmt.pix.pixelformat) : nil
    }

    /// The current frame interval; nil when the driver cannot set rates (no V4L2_CAP_TIMEPERFRAME).
    func frameInterval() throws(V4L2Error) -> FrameInterval? {
        var parameters = v4l2_streamparm()
        parameters.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        let code = control(CV4L2_VIDIOC_G_PARM, &parameters)
        if code == EINVAL || code == ENOTTY { return nil }
        guard code == 0 else { throw error(.getStreamParameters, code) }
        let capture = parameters.parm.capture
        guard capture.capability & UInt32(V4L2_CAP_TIMEPERFRAME) != 0, capture.timeperframe.numerator != 0
        else { return nil }
        return FrameInterval(numerator: capture.timeperframe.numerator, denominator: capture.timeperframe.denominator)
    }

    /// Asks for a frame interval; returns the one granted (nil when the driver cannot set rates).
    func setFrameInterval(_ interval: FrameInterval) throws(V4L2Error) -> FrameInterval? {
        var parameters = v4l2_streamparm()
        parameters.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        parameters.parm.capture.timeperframe.numerator = interval.numerator
        parameters.parm.capture.timeperframe.denominator = interval.denominator
        let code = control(CV4L2_VIDIOC_S_PARM, &parameters)
        if code == EINVAL || code == ENOTTY { return nil }
        guard code == 0 else { throw error(.setStreamParameters, code) }
        return try frameInterval()
    }

    // MARK: controls

    /// The control `id`, or nil when the camera does not have it.
    func queryControl(_ id: UInt32) -> ControlDescription? {
        var query = v4l2_queryctrl()
        query.id = id
        guard control(CV4L2_VIDIOC_QUERYCTRL, &query) == 0, query.id == id else { return nil }
        return ControlDescription(
            minimum: query.minimum, maximum: query.maximum, isMenu: query.type == CV4L2_CTRL_TYPE_MENU,
            isFixed: query.flags & (CV4L2_CTRL_FLAG_DISABLED | CV4L2_CTRL_FLAG_READ_ONLY) != 0,
            isInactive: query.flags & CV4L2_CTRL_FLAG_INACTIVE != 0)
    }

    /// The name of one item of a menu control (`50 Hz`), or nil when the driver does not name it.
    func menuItemName(_ id: UInt32, _ index: Int32) -> String? {
        var item = v4l2_querymenu()
        item.id = id
        item.index = UInt32(bitPattern: index)
        guard control(CV4L2_VIDIOC_QUERYMENU, &item) == 0 else { return nil }
        return string(item.name)
    }

    func controlValue(_ id: UInt32) throws(V4L2Error) -> Int32 {
        var value = v4l2_control(id: id, value: 0)
        let code = control(CV4L2_VIDIOC_G_CTRL, &value)
        guard code == 0 else { throw error(.getControl, code) }
        return value.value
    }

    func setControl(_ id: UInt32, _ newValue: Int32) throws(V4L2Error) {
        var value = v4l2_control(id: id, value: newValue)
        let code = control(CV4L2_VIDIOC_S_CTRL, &value)
        guard code == 0 else { throw error(.setControl, code) }
    }

    // MARK: streaming

    /// Allocates `count` memory-mapped buffers; returns how many the driver granted.
    func requestBuffers(_ count: Int) throws(V4L2Error) -> Int {
        var request = v4l2_requestbuffers()
        request.count = UInt32(count)
        request.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        request.memory = V4L2_MEMORY_MMAP.rawValue
        let code = control(CV4L2_VIDIOC_REQBUFS, &request)
        guard code == 0 else { throw error(.requestBuffers, code) }
        return Int(request.count)
    }

    func locateBuffer(_ index: Int) throws(V4L2Error) -> BufferLocation {
        var buffer = v4l2_buffer()
        buffer.index = UInt32(index)
        buffer.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        buffer.memory = V4L2_MEMORY_MMAP.rawValue
        let code = control(CV4L2_VIDIOC_QUERYBUF, &buffer)
        guard code == 0 else { throw error(.queryBuffer, code) }
        return BufferLocation(offset: buffer.m.offset, length: Int(buffer.length))
    }

    /// Maps a buffer read-only into this process.
    func map(_ location: BufferLocation) throws(V4L2Error) -> UnsafeRawPointer {
        let address = v4l2_mmap(nil, location.length, PROT_READ, MAP_SHARED, descriptor, Int64(location.offset))
        guard let address, address != MAP_FAILED else { throw error(.mapBuffer) }
        return UnsafeRawPointer(address)
    }

    func unmap(_ address: UnsafeRawPointer, length: Int) {
        _ = v4l2_munmap(UnsafeMutableRawPointer(mutating: address), length)
    }

    func queueBuffer(_ index: Int) throws(V4L2Error) {
        var buffer = v4l2_buffer()
        buffer.index = UInt32(index)
        buffer.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        buffer.memory = V4L2_MEMORY_MMAP.rawValue
        let code = control(CV4L2_VIDIOC_QBUF, &buffer)
        guard code == 0 else { throw error(.queueBuffer, code) }
    }

    /// Takes the oldest filled buffer; nil when none is ready yet (EAGAIN).
    func dequeueBuffer() throws(V4L2Error) -> DequeuedBuffer? {
        var buffer = v4l2_buffer()
        buffer.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        buffer.memory = V4L2_MEMORY_MMAP.rawValue
        let code = control(CV4L2_VIDIOC_DQBUF, &buffer)
        if code == EAGAIN { return nil }
        guard code == 0 else { throw error(.dequeueBuffer, code) }
        let clock = buffer.flags & UInt32(V4L2_BUF_FLAG_TIMESTAMP_MASK)
        let stamped = clock == UInt32(V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC)
            && (buffer.timestamp.tv_sec != 0 || buffer.timestamp.tv_usec != 0)
        return DequeuedBuffer(
            index: Int(buffer.index), bytesUsed: Int(buffer.bytesused), sequence: buffer.sequence,
            monotonicTimestamp: stamped ? Double(buffer.timestamp.tv_sec) + Double(buffer.timestamp.tv_usec) / 1e6 : nil,
            damaged: buffer.flags & UInt32(V4L2_BUF_FLAG_ERROR) != 0)
    }

    func streamOn() throws(V4L2Error) {
        var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
        let code = control(CV4L2_VIDIOC_STREAMON, &type)
        guard code == 0 else { throw error(.startStreaming, code) }
    }

    func streamOff() throws(V4L2Error) {
        var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
        let code = control(CV4L2_VIDIOC_STREAMOFF, &type)
        guard code == 0 else { throw error(.stopStreaming, code) }
    }

    /// Waits until a frame is ready, the device reports an error, `wake` fires, or `timeout` seconds pass.
    func waitForFrame(timeout: Double, wake: WakeSignal) -> Readiness {
        var descriptors = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake.descriptor, events: Int16(POLLIN), revents: 0),
        ]
        let milliseconds = Int32(max(0, min(timeout, 3600)) * 1000)
        let count = SystemCall.retryingInterrupts { poll(&descriptors, 2, milliseconds) }
        if count == 0 { return .timedOut }
        if count < 0 { return .deviceError }
        if descriptors[1].revents != 0 { return .woken }
        if descriptors[0].revents & Int16(POLLIN) != 0 { return .frameReady }
        return .deviceError
    }
}

/// An eventfd another thread can signal to wake a capture thread out of `poll`.
final class WakeSignal: @unchecked Sendable {
    let descriptor: Int32

    init() throws(V4L2Error) {
        let fd = eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK))
        guard fd >= 0 else { throw V4L2Error(operation: .createWakeEvent, errno: errno, device: "capture thread") }
        descriptor = fd
    }

    deinit { Glibc.close(descriptor) }

    func signal() {
        var one: UInt64 = 1
        _ = withUnsafeBytes(of: &one) { bytes in write(descriptor, bytes.baseAddress, bytes.count) }
    }
}

extension CameraControl {
    /// The V4L2 control id (V4L2_CID_EXPOSURE_AUTO, …).
    var id: UInt32 {
        switch self {
        case .exposureAuto: CV4L2_CID_EXPOSURE_AUTO
        case .exposureAutoPriority: CV4L2_CID_EXPOSURE_AUTO_PRIORITY
        case .powerLineFrequency: CV4L2_CID_POWER_LINE_FREQUENCY
        }
    }
}

extension PixelFormat {
    fileprivate init(_ pix: v4l2_pix_format) {
        self.init(fourcc: FourCC(rawValue: pix.pixelformat), width: Int(pix.width), height: Int(pix.height),
                  bytesPerLine: Int(pix.bytesperline), imageSize: Int(pix.sizeimage),
                  colorEncoding: ColorEncoding(pix))
    }
}

extension ColorEncoding {
    /// The format's colorspace, ycbcr_enc and quantization fields (read only when the driver set
    /// V4L2_PIX_FMT_PRIV_MAGIC, as the union's extended fields require; otherwise all default).
    fileprivate init(_ pix: v4l2_pix_format) {
        self.init()
        switch pix.colorspace {
        case V4L2_COLORSPACE_REC709.rawValue: colorspace = .rec709
        case V4L2_COLORSPACE_JPEG.rawValue: colorspace = .jpeg
        default: colorspace = .other
        }
        guard pix.priv == 0xfeed_cafe else { return }
        switch pix.ycbcr_enc {
        case 0: ycbcrEncoding = .default
        case V4L2_YCBCR_ENC_709.rawValue, V4L2_YCBCR_ENC_XV709.rawValue: ycbcrEncoding = .bt709
        default: ycbcrEncoding = .bt601
        }
        switch pix.quantization {
        case V4L2_QUANTIZATION_FULL_RANGE.rawValue: quantization = .full
        case V4L2_QUANTIZATION_LIM_RANGE.rawValue: quantization = .limited
        default: quantization = .default
        }
    }
}

/// A fixed-size C character array (a tuple in Swift) as a String, up to its first NUL.
private func string<Tuple>(_ tuple: Tuple) -> String {
    withUnsafeBytes(of: tuple) { bytes in
        String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
}
