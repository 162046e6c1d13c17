import ThereminCore

/// A MIDI output problem: which port, what failed, ALSA's reason and what to do.
public struct MIDIError: Error, Sendable, Equatable, CustomStringConvertible {
    public let port: String
    public let operation: String
    public let code: Int32

    public init(port: String, operation: String, code: Int32) {
        self.port = port
        self.operation = operation
        self.code = code
    }

    /// True for problems found while connecting (bad port name, no sequencer): input errors, exit status 2.
    public var isSetup: Bool { operation != "send" }

    public var description: String {
        "MIDI port '\(port)': \(operation) failed: \(ALSACalls.reason(code)); \(hint)"
    }

    private var hint: String {
        switch operation {
        case "open the ALSA sequencer":
            return "the kernel's sequencer (/dev/snd/seq) is missing: load it with `modprobe snd-seq`, or write a file with --midi-file"
        case "find the port", "connect":
            return "list ports with `aconnect -o` and pass one as CLIENT:PORT (e.g. 128:0) or by client name"
        default:
            return "check that the receiving program is still running"
        }
    }
}

extension MIDIError: ReportableError {
    /// Connecting (a bad port name, no sequencer) is an input error; a send failing mid-run a runtime one.
    public var failureKind: FailureKind { isSetup ? .input : .runtime }
}
