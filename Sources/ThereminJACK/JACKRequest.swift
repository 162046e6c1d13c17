/// What the player asks of JACK: which server, the client's name, and where its outputs go.
public struct JACKRequest: Sendable {
    /// Where `out_1`/`out_2` are connected once the client is active.
    public enum Connection: Sendable, Equatable {
        /// The server's physical playback ports (`system:playback_1`, `_2`), as Ardour and Carla do.
        case physicalPlayback
        /// Named ports (`CLIENT:PORT`) or clients (their audio inputs in order), one per output; one name takes both.
        case ports([String])
        /// None: the player patches them in a patchbay.
        case none
    }

    /// The server's name; empty for `$JACK_DEFAULT_SERVER` or "default".
    public var server: String
    public var clientName: String
    public var connection: Connection
    /// Receives one-line notices (server lost and back, a rate the mix cannot play), on a thread of the output's
    /// own, never on JACK's process thread.
    public var notice: (@Sendable (String) -> Void)?

    public init(server: String = "", clientName: String = "theremin", connection: Connection = .physicalPlayback) {
        self.server = server
        self.clientName = clientName
        self.connection = connection
    }

    /// The server's name as messages show it.
    public var serverLabel: String { server.isEmpty ? "default" : server }
}
