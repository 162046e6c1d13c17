/// One OSC message before it is encoded: an address and its typed arguments. The encoding itself is liblo's
/// (ThereminOSC); this side only decides what is said, so the address space is tested without a network.
public struct OSCMessage: Sendable, Equatable {
    public enum Argument: Sendable, Equatable {
        /// OSC `i`.
        case int(Int32)
        /// OSC `f` (32-bit float).
        case float(Float)
        /// OSC `s`.
        case string(String)
    }

    public var address: String
    public var arguments: [Argument]

    public init(_ address: String, _ arguments: [Argument]) {
        self.address = address
        self.arguments = arguments
    }
}

/// What one tracked frame sends: its messages in order, in one bundle stamped with the frame's capture time.
public struct OSCPacket: Sendable, Equatable {
    /// The OSC time tag: seconds since the Unix epoch (wall clock) when the frame was captured.
    public var time: Double
    /// Monotonic seconds of the capture, for the age of the bundle when it is sent (0: not measured).
    public var capturedAt: Double
    public var messages: [OSCMessage]

    public init(time: Double, capturedAt: Double, messages: [OSCMessage]) {
        self.time = time
        self.capturedAt = capturedAt
        self.messages = messages
    }
}
