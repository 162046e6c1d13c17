#if canImport(Glibc)
import Glibc
#endif
import ThereminCore

/// A camera failure: what was being done, the system's errno, on which device, and what kind of trouble it is.
///
/// Its `description` is the one-line message for the user: what failed, where, the system's reason, and what to
/// do about it. `kind` lets callers react without parsing text (the player fades out on `.unplugged`).
public struct V4L2Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of trouble a camera user can do something about.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// No such device node.
        case notFound
        /// No camera at all among the device nodes searched.
        case noCamera
        /// The node exists but this user may not open it.
        case permissionDenied
        /// Another program holds the camera (`EBUSY`).
        case busy
        /// The node is not a V4L2 video capture device with streaming I/O (e.g. a metadata node, a plain file).
        case notCaptureDevice
        /// The camera offers no format, size or rate that matches the request and that libv4l2 can turn into BGR.
        case noUsableFormat
        /// The device went away mid-stream (`ENODEV`, or `EIO` from the queue): reopen it once it is back.
        case unplugged
        /// The camera delivered no frame within the timeout.
        case timedOut
        /// Anything else the driver refused.
        case failed
    }

    /// What was being done when a camera call failed; its name is the system call or request, as messages quote it.
    public enum Operation: String, Sendable, Equatable, CaseIterable {
        case discover
        case open
        case queryCapability = "VIDIOC_QUERYCAP"
        case enumerateFormats = "VIDIOC_ENUM_FMT"
        case enumerateFrameSizes = "VIDIOC_ENUM_FRAMESIZES"
        case enumerateFrameIntervals = "VIDIOC_ENUM_FRAMEINTERVALS"
        case chooseFormat = "choose format"
        case getFormat = "VIDIOC_G_FMT"
        case setFormat = "VIDIOC_S_FMT"
        case getStreamParameters = "VIDIOC_G_PARM"
        case setStreamParameters = "VIDIOC_S_PARM"
        case getControl = "VIDIOC_G_CTRL"
        case setControl = "VIDIOC_S_CTRL"
        case requestBuffers = "VIDIOC_REQBUFS"
        case queryBuffer = "VIDIOC_QUERYBUF"
        case mapBuffer = "mmap"
        case startJPEGDecoder = "tjInitDecompress"
        case createWakeEvent = "eventfd"
        case startStreaming = "VIDIOC_STREAMON"
        case stopStreaming = "VIDIOC_STREAMOFF"
        case queueBuffer = "VIDIOC_QBUF"
        case dequeueBuffer = "VIDIOC_DQBUF"
        case poll
        case waitForFrame = "waiting for a frame"

        /// Calls that tell whether the node is a camera at all: there ENOTTY means "not a capture device".
        var identifiesDevice: Bool { self == .open || self == .queryCapability }
        /// Calls on a running stream: there an I/O error means the camera went away.
        var movesFrames: Bool { self == .queueBuffer || self == .dequeueBuffer || self == .poll }
    }

    public var kind: Kind
    /// The system call or request that failed.
    public var operation: Operation
    /// The errno it returned; 0 when the failure is not an errno (e.g. no usable format).
    public var errno: Int32
    /// The device path, e.g. `/dev/video0` (or the directory searched, when no camera was found).
    public var device: String
    /// Extra facts for the message, e.g. which sizes the camera does offer.
    public var detail: String?

    /// An error whose kind follows from the operation and errno (EBUSY is `.busy`, ENODEV mid-stream is `.unplugged`, …).
    public init(operation: Operation, errno: Int32, device: String, detail: String? = nil) {
        self.init(kind: Self.classify(operation: operation, errno: errno), operation: operation, errno: errno,
                  device: device, detail: detail)
    }

    public init(kind: Kind, operation: Operation, errno: Int32 = 0, device: String, detail: String? = nil) {
        self.kind = kind
        self.operation = operation
        self.errno = errno
        self.device = device
        self.detail = detail
    }

    /// True when the camera was lost (unplugged or silent): the player fades out and reopens it.
    public var isDeviceLost: Bool { kind == .unplugged || kind == .timedOut }

    /// The system's text for `errno`, e.g. "Device or resource busy".
    public var reason: String {
        guard errno != 0 else { return "" }
        return Errno(rawValue: errno).description
    }

    public var description: String {
        let because = errno == 0 ? "" : " (\(operation.rawValue): \(reason))"
        let facts = detail.map { ": \($0)" } ?? ""
        switch kind {
        case .noCamera:
            return "no camera found in \(device)\(facts): plug in a webcam, or check `theremin --list-devices`"
        case .notFound:
            return "camera \(device) not found\(because): plug it in, or pick one from `theremin --list-devices` "
                + "with --camera"
        case .permissionDenied:
            return "no permission to open camera \(device)\(because): add your user to the 'video' group "
                + "(`sudo usermod -aG video $USER`, then log in again)"
        case .busy:
            return "camera \(device) is busy\(because): close the other program using it (`fuser \(device)`) "
                + "or pick another with --camera"
        case .notCaptureDevice:
            return "\(device) is not a video capture camera\(facts)\(because): pick another with --camera "
                + "(see `theremin --list-devices`)"
        case .noUsableFormat:
            return "camera \(device) cannot deliver what was asked\(facts)\(because)"
        case .unplugged:
            return "camera \(device) was unplugged\(because): plug it back in" + (detail.map { " (\($0))" } ?? "")
        case .timedOut:
            return "camera \(device) delivered no frame\(detail.map { " \($0)" } ?? ""): check the camera and its cable, "
                + "or pick another with --camera"
        case .failed:
            return "camera \(device): \(operation.rawValue) failed\(because)\(facts): unplug and replug the camera, "
                + "or pick another with --camera"
        }
    }

    /// Which kind an errno means for a given operation.
    static func classify(operation: Operation, errno: Int32) -> Kind {
        let opening = operation == .open
        switch errno {
        case EBUSY: return .busy
        case EACCES, EPERM: return .permissionDenied
        case ENOENT: return opening ? .notFound : .failed
        case ENODEV, ENXIO: return opening ? .notFound : .unplugged
        case EIO: return operation.movesFrames ? .unplugged : .failed
        case ENOTTY: return operation.identifiesDevice ? .notCaptureDevice : .failed
        case ETIMEDOUT: return .timedOut
        default: return .failed
        }
    }
}

extension V4L2Error: ReportableError {
    /// A camera that cannot be opened or used is an input error (the player named it or must fix it); losing it
    /// mid-run and not getting it back is a runtime failure.
    public var failureKind: FailureKind { isDeviceLost ? .runtime : .input }
}
