import Glibc
import ThereminCore

/// An ALSA failure: which operation, on which device, ALSA's own reason, and what the player can do about it.
public struct ALSAError: ReportableError, Sendable, Equatable {
    public let operation: String
    /// The negative errno ALSA returned.
    public let code: Int32
    public let device: String
    /// The option that picks this device, named in the hints: `--audio-device` for playback, `--audio-input` for
    /// capture.
    public var option = "--audio-device"
    /// Input for a device that cannot be opened (the player named it or must fix it); runtime for a device that
    /// fails while in use.
    public var failureKind = FailureKind.runtime

    public init(operation: String, code: Int32, device: String) {
        self.operation = operation
        self.code = code
        self.device = device
    }

    /// ALSA's text for the code.
    public var reason: String { ALSACalls.reason(code) }

    public var description: String {
        "audio device '\(device)': \(operation) failed: \(reason); \(hint)"
    }

    private var hint: String {
        switch -code {
        case EBUSY:
            return "another program holds the device: close it (`fuser -v /dev/snd/*`) or use \(option) default"
        case ENOENT, ENODEV, ENXIO:
            return "check the name with `theremin --list-devices` and pass it with \(option)"
        case EACCES, EPERM:
            return "you may need to be in the 'audio' group"
        case EINVAL where operation == "open":
            // alsa-lib's answer to a card number that does not exist (hw:99) or a name it cannot parse.
            return "no such device, or the name is malformed: check it with `theremin --list-devices` and pass it with \(option)"
        case EINVAL:
            return "the device refused the format; try \(option) plughw:0 or default"
        default:
            return "check the device with `theremin --list-devices` or try \(option) default"
        }
    }
}
