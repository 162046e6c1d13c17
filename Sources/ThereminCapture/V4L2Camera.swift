import Synchronization
import ThereminCore

/// A live V4L2 webcam as a `FrameSource`: chooses the camera's mode (`ModeChoice`); takes MJPEG (decoded by
/// TurboJPEG, at a reduced scale when wider than the tracker uses) and YUYV (converted in the range the driver
/// declares) as the camera sends them, and other formats as BGR24 from libv4l2; holds the frame rate and sets the
/// anti-flicker filter while open (`CameraControlRequest`); streams through memory-mapped buffers on its own
/// thread, and always hands out the newest frame.
///
/// Frames are stamped with the driver's capture time on the monotonic clock (`MonotonicClock`). A consumer slower
/// than the camera skips frames (counted in `droppedFrames`) instead of falling behind. When the camera is
/// unplugged, `nextFrame()` throws a `V4L2Error` of kind `.unplugged`; `ReconnectingCamera` turns that into
/// "fade out and retry once a second". `close()` stops streaming and releases the device; call it on SIGINT too.
public final class V4L2Camera: FrameSource, @unchecked Sendable {
    /// What to open and how (the `--camera`, `--size`, `--fps` options).
    public struct Configuration: Sendable, Equatable {
        /// The device node (`--camera /dev/video2`); nil opens the first camera in `searchDirectory`.
        public var device: String?
        /// The camera's format (`--camera-format`); it must be one the camera offers. nil lets `ModeChoice`'s rule
        /// pick. Other than MJPEG and YUYV, libv4l2 converts from the format it prefers at the chosen size.
        public var format: FourCC?
        /// The frame size (`--size`); it must be one the camera offers. nil lets `ModeChoice`'s rule pick.
        public var size: PixelSize?
        /// The frame rate (`--fps`); nil takes the highest rate of the chosen mode.
        public var framesPerSecond: Double?
        /// Memory-mapped driver buffers: enough to keep the camera busy while one is being copied.
        public var bufferCount: Int
        /// Seconds without a frame before `nextFrame()` throws `.timedOut`.
        public var frameTimeout: Double
        /// Where to look for `video*` nodes when `device` is nil.
        public var searchDirectory: String
        /// MJPEG frames wider than this are decoded at a reduced scale (1/2, 1/4, …): the tracker works at ≤ 640 px
        /// and a half-scale decode costs a fraction of a full one.
        public var maximumDecodeWidth = 640
        /// false leaves MJPEG and YUYV to libv4l2's conversion, as for other formats: `capture-bench`'s comparison.
        package var convertsHere = true
        /// YUYV frames handed on as the camera sent them (`PixelLayout.yuyv`) rather than converted to BGR24 here:
        /// for a consumer that reads YUYV itself (the tracker samples its crops from it), converting whole frames
        /// is wasted work.
        public var keepsYUYV = false
        /// The controls set while the camera is open (frame rate held, anti-flicker) and put back on close.
        public var controls = CameraControlRequest()

        public init(device: String? = nil, size: PixelSize? = nil, framesPerSecond: Double? = nil,
                    bufferCount: Int = 4, frameTimeout: Double = 2, searchDirectory: String = "/dev") {
            self.device = device
            self.size = size
            self.framesPerSecond = framesPerSecond
            self.bufferCount = bufferCount
            self.frameTimeout = frameTimeout
            self.searchDirectory = searchDirectory
        }
    }

    /// The device node streaming from.
    public let devicePath: String
    /// The camera as its driver describes it, with every format, size and rate it offers.
    public let camera: CameraDescription
    /// The mode chosen and why (for `-v`).
    public let modeChoice: ModeChoice
    /// The size of the BGR24 frames handed out: the camera's, or less for MJPEG decoded at a reduced scale.
    public let size: PixelSize
    /// The frame size the camera was granted and sends.
    public let cameraSize: PixelSize
    /// Bytes per row of the frames (at least `3 * size.width`).
    public let bytesPerRow: Int
    /// The granted rate, re-read from the driver (again after `apply` switched it); nil when the driver does not
    /// say.
    public var nominalFrameRate: Double? { grantedRate.withLock { $0 } }
    private let grantedRate: Mutex<Double?>
    /// The rates the camera lists at its format and size, no faster than the one chosen, fastest first.
    public let offeredRates: [Double]
    /// The format the camera itself delivers before libv4l2 converts it or TurboJPEG decodes it (e.g. `YUYV`,
    /// `MJPG`), when the driver says.
    public let sourceFormat: FourCC?

    private let configuration: Configuration
    private let device: V4L2Device
    private let controls: ControlKeeper
    private let stream: V4L2Stream
    private let mailbox: FrameMailbox
    private let thread: CaptureThread
    private let closed = Atomic<Bool>(false)

    /// Opens and starts the camera.
    ///
    /// - Throws: `V4L2Error`: `.notFound` (no such device), `.noCamera` (no camera at all), `.permissionDenied`, `.busy`,
    ///   `.notCaptureDevice`, `.noUsableFormat` (the message lists what is offered), `.failed`.
    /// - Parameter scheduler: asked for the capture thread's real-time priority as it starts (nil: normal priority).
    public init(_ configuration: Configuration = Configuration(),
                scheduler: (any ThreadScheduler)? = nil) throws(V4L2Error) {
        self.configuration = configuration
        let path: String
        if let chosen = configuration.device {
            path = chosen
        } else {
            path = try CameraDiscovery.firstCamera(in: configuration.searchDirectory)
        }
        let device = try V4L2Device(opening: path)
        var started: V4L2Stream?
        var keeper: ControlKeeper?
        do throws(V4L2Error) {
            let camera = try CameraDiscovery.describe(device)
            let choice = try ModeSelection.choose(
                from: camera.formats, format: configuration.format, size: configuration.size,
                framesPerSecond: configuration.framesPerSecond, maximumDecodeWidth: configuration.maximumDecodeWidth,
                device: path)
            let (granted, conversion) = try Self.negotiate(choice, camera: camera, device: device,
                                                           configuration: configuration)
            var interval: FrameInterval?
            if let asked = choice.interval {
                interval = try device.setFrameInterval(asked)
            } else {
                interval = try device.frameInterval()
            }

            self.devicePath = path
            self.camera = camera
            self.modeChoice = choice
            self.size = conversion.frameSize
            self.cameraSize = PixelSize(width: granted.width, height: granted.height)
            self.bytesPerRow = conversion.frameBytesPerRow
            let rate = interval.map(\.framesPerSecond) ?? choice.interval?.framesPerSecond
            self.grantedRate = Mutex(rate)
            self.offeredRates = Self.rates(of: camera, fourcc: device.driverFormat() ?? choice.fourcc,
                                           size: PixelSize(width: granted.width, height: granted.height),
                                           upTo: rate)
            self.sourceFormat = device.driverFormat()
            self.device = device
            let controls = ControlKeeper(device: device, request: configuration.controls)
            keeper = controls
            self.controls = controls
            let stream = try V4L2Stream(device: device, conversion: conversion,
                                        bufferCount: configuration.bufferCount)
            started = stream
            self.stream = stream
            let mailbox = FrameMailbox()
            self.mailbox = mailbox
            self.thread = try CaptureThread(stream: stream, mailbox: mailbox, scheduler: scheduler)
        } catch {
            started?.stop() // STREAMOFF and unmap before the descriptor goes
            keeper?.restore()
            device.close()
            throw error
        }
        thread.start(name: "capture \(path)")
    }

    deinit { close() }

    /// Sets the chosen mode's format. MJPEG and YUYV are taken as the camera sends them and decoded here
    /// (TurboJPEG; `YUYVConverter`, which reads the range the driver declares, where libv4l2 would take every YUYV
    /// picture as full range); anything else is asked of libv4l2 as BGR24 at the chosen size, and libv4l2 converts
    /// from the format it prefers there (when that is MJPEG or YUYV after all, it is taken as it is too). Returns
    /// the format granted and how frames are made from it.
    private static func negotiate(_ choice: ModeChoice, camera: CameraDescription, device: V4L2Device,
                                  configuration: Configuration) throws(V4L2Error) -> (PixelFormat, FrameConversion) {
        if let fourcc = choice.fourcc,
           let converted = try convertedHere(fourcc, choice.size, device: device, configuration: configuration) {
            return converted
        }
        let granted = try device.setFormat(.bgr24, choice.size)
        guard granted.fourcc == .bgr24 else {
            let offered = camera.formats.map(\.fourcc.description).joined(separator: ", ")
            throw V4L2Error(kind: .noUsableFormat, operation: .setFormat, device: device.path,
                            detail: "libv4l2 cannot convert its formats (\(offered)) to BGR; "
                                + "pick another camera with --camera")
        }
        guard granted.width > 0, granted.height > 0, granted.bytesPerLine >= granted.width * 3 else {
            throw V4L2Error(kind: .noUsableFormat, operation: .setFormat, device: device.path,
                            detail: "the driver granted an unusable BGR format "
                                + "(\(granted.width)x\(granted.height), \(granted.bytesPerLine) bytes per row)")
        }
        let size = PixelSize(width: granted.width, height: granted.height)
        if let driver = device.driverFormat(),
           let converted = try convertedHere(driver, size, device: device, configuration: configuration) {
            return converted
        }
        return (granted, .copy(granted))
    }

    /// For MJPEG and YUYV (unless `convertsHere` is off): the camera switched to deliver `fourcc` at `size` as it
    /// is, and the conversion done here; nil for the formats libv4l2 converts.
    private static func convertedHere(_ fourcc: FourCC, _ size: PixelSize, device: V4L2Device,
                                      configuration: Configuration) throws(V4L2Error) -> (PixelFormat, FrameConversion)? {
        guard configuration.convertsHere else { return nil }
        if fourcc == .mjpeg {
            let format = try native(.mjpeg, size, device: device)
            return (format, .decodeJPEG(try JPEGDecoder(cameraSize: size, maximumWidth: configuration.maximumDecodeWidth,
                                                        device: device.path)))
        }
        if fourcc == .yuyv && size.width % 2 == 0 {
            let format = try native(.yuyv, size, device: device)
            let converter = YUYVConverter(format.colorEncoding)
            if configuration.keepsYUYV {
                return (format, .keepYUYV(format, YCbCrEncoding(bt709: converter.matrix == .bt709,
                                                                fullRange: converter.fullRange)))
            }
            return (format, .convertYUYV(format, converter))
        }
        return nil
    }

    /// Switches the camera to deliver `fourcc` at `size` untouched by libv4l2, or says it would not.
    private static func native(_ fourcc: FourCC, _ size: PixelSize, device: V4L2Device) throws(V4L2Error)
        -> PixelFormat {
        let native = try device.setFormat(fourcc, size)
        guard native.fourcc == fourcc, native.width == size.width, native.height == size.height else {
            throw V4L2Error(kind: .noUsableFormat, operation: .setFormat, device: device.path,
                            detail: "the camera offers \(fourcc) at \(size) but granted "
                                + "\(native.fourcc) at \(native.width)x\(native.height) when asked for it")
        }
        return native
    }

    /// The rates listed for `fourcc` at `size`, none above `fastest`, fastest first.
    private static func rates(of camera: CameraDescription, fourcc: FourCC?, size: PixelSize, upTo fastest: Double?)
        -> [Double] {
        guard let fastest else { return [] }
        let listed = camera.formats.first { $0.fourcc == fourcc }?.sizes.first { $0.size == size }?.framesPerSecond
        return Array(Set((listed ?? []).filter { $0 <= fastest * 1.001 } + [fastest])).sorted(by: >)
    }

    /// Tracks at `rate`: the camera switched to its rate where the driver takes a new rate while streaming (the
    /// fake camera does; uvcvideo answers EBUSY, and stopping the stream would stall the sound for the 100-300 ms a
    /// webcam takes to start again), and every `stride`-th frame of the driver's sequence converted and handed out.
    /// Where the camera keeps its rate, the stride of that rate nearest the one asked for.
    public func apply(_ rate: TrackingRate) -> TrackingRate {
        var cameraRate = nominalFrameRate ?? rate.cameraRate
        if abs(cameraRate - rate.cameraRate) > 0.01 * rate.cameraRate,
           let granted = try? device.setFrameInterval(FrameInterval(framesPerSecond: rate.cameraRate)) {
            cameraRate = granted.framesPerSecond
            grantedRate.withLock { $0 = cameraRate }
        }
        let stride = max(1, Int((cameraRate / rate.trackedRate).rounded()))
        thread.stride.store(stride, ordering: .relaxed)
        return TrackingRate(cameraRate: cameraRate, stride: stride)
    }

    /// One line per control theremin set or could not set, with the value before and after (for `-v`).
    public var controlNotes: [String] { controls.notes }

    /// `/dev/video0 (HD Pro Webcam C920)`.
    public var name: String { "\(devicePath) (\(camera.card))" }

    public var frameSize: (width: Int, height: Int) { (size.width, size.height) }

    /// Frames replaced before anyone took them, and frames that arrived damaged (corrupt MJPEG, flagged or short
    /// buffers): every frame the camera sent that nobody got.
    public var droppedFrames: Int {
        let statistics = mailbox.statistics
        return statistics.framesDropped + statistics.framesDamaged
    }

    public var damagedFrames: Int { mailbox.statistics.framesDamaged }

    /// Frames captured, delivered, dropped and damaged so far.
    public var statistics: CaptureStatistics { mailbox.statistics }

    /// What the capture thread got when it asked for real-time scheduling (nil until it has, or without a scheduler).
    public var captureScheduling: ThreadScheduling? { thread.scheduling }

    /// The newest frame, waiting up to the configured timeout for one newer than the last.
    ///
    /// Returns nil once the camera is closed (also when `close()` is called from another thread while waiting).
    /// - Throws: `V4L2Error` `.unplugged` when the device went away, `.timedOut` when no frame came in time (the
    ///   camera stays open; calling again waits again), or what the driver reported.
    public func nextFrame() throws(V4L2Error) -> Frame? {
        switch mailbox.take(timeout: configuration.frameTimeout) {
        case .frame(let frame): return frame
        case .closed: return nil
        case .failed(let error): throw error
        case .timedOut:
            throw V4L2Error(kind: .timedOut, operation: .waitForFrame, device: devicePath,
                            detail: "for \(FrameInterval.format(configuration.frameTimeout)) s")
        }
    }

    /// Stops the capture thread, STREAMOFF, unmaps the buffers and closes the device. Safe to call more than once
    /// and from any thread; a `nextFrame()` waiting elsewhere returns nil.
    public func close() {
        guard closed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return }
        mailbox.close()
        thread.stop()
        stream.stop()
        controls.restore()
        device.close()
    }

    /// Capture overhead samples (seconds from DQBUF until the BGR frame is posted) since the last call; for
    /// `capture-bench`.
    package func drainCaptureOverheads() -> [Double] { mailbox.drainOverheads() }
}
