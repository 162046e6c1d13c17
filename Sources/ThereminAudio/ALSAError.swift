import Glibc
import ThereminCore

/// An ALSA failure: which operation, on which device, ALSA's own reason, and what the player can do about it.
public struct ALSAError: ReportableError, Sendable, Equatable {
    /// When the call failed, which decides the exit status: a device that cannot be opened is the player's to fix
    /// (input, exit 2); one that fails once open, a runtime failure (exit 1).
    public enum Stage: Sendable, Equatable {
        case opening
        case opened
    }

    public let operation: String
    /// The negative errno ALSA returned.
    public let code: Int32
    public let device: String
    /// Which way the device carries sound, which names the option that picks it in the hints.
    public let direction: ALSAPCM.Direction
    public let stage: Stage

    public init(operation: String, code: Int32, device: String, direction: ALSAPCM.Direction = .playback,
                stage: Stage = .opened) {
        self.operation = operation
        self.code = code
        self.device = device
        self.direction = direction
        self.stage = stage
    }

    /// The option that picks this device: `--audio-device` for playback, `--audio-input` for capture.
    public var option: String { direction == .capture ? "--audio-input" : "--audio-device" }

    public var failureKind: FailureKind { stage == .opening ? .input : .runtime }

    /// ALSA's text for the code.
    public var reason: String { ALSACalls.reason(code) }

    public var description: String {
        "audio device '\(device)': \(operation) failed: \(reason); \(hint)"
    }

    private var hint: String {
        // `default` is offered only in place of another device: never the one that just failed.
        let orDefault = device == "default" ? "" : " or use \(option) default"
        switch -code {
        case EBUSY:
            return "another program holds the device: close it (`fuser -v /dev/snd/*`)\(orDefault)"
        case ENOENT, ENODEV, ENXIO:
            return "check the name with `theremin --list-devices` and pass it with \(option)"
        case EACCES, EPERM:
            return "you may need to be in the 'audio' group"
        case EINVAL where stage == .opening:
            // alsa-lib's answer to a card number that does not exist (hw:99) or a name it cannot parse.
            return "no such device, or the name is malformed: check it with `theremin --list-devices` and pass it with \(option)"
        case EINVAL:
            return "the device refused the format; try \(option) plughw:0" + (device == "default" ? "" : " or default")
        default:
            return "check the device with `theremin --list-devices`\(orDefault)"
        }
    }
}
