/// What `--list-devices` says about JACK: whether the server runs, its rate and period, and the ports theremin can
/// play into or send MIDI to.
public struct JACKServerDescription: Sendable, Encodable, Equatable {
    public var server: String
    public var running: Bool
    public var sampleRate: Int?
    public var periodFrames: Int?
    /// Audio input ports (physical playback first, as `jack_get_ports` lists them).
    public var audioInputs: [String]
    /// MIDI input ports (synths), for `--midi-out jack:PORT`.
    public var midiInputs: [String]
    /// Why nothing could be listed (no server), as one line.
    public var problem: String?
    /// The `SCHED_FIFO` priority of its clients' process threads; nil when it runs without real-time scheduling.
    public var processPriority: Int32?
}

public enum JACKServerSurvey {
    /// Asks the server `server` (empty: the default one) by opening a client that is never activated.
    public static func look(server: String = "") -> JACKServerDescription {
        do {
            let client = try JACKClient(name: "theremin-list", server: server)
            defer { client.close() }
            return JACKServerDescription(server: client.label, running: true, sampleRate: client.sampleRate,
                                         periodFrames: client.bufferFrames,
                                         audioInputs: client.ports(),
                                         midiInputs: client.ports(midi: true), problem: nil,
                                         processPriority: client.isRealtime ? client.realtimePriority : nil)
        } catch {
            return JACKServerDescription(server: server.isEmpty ? JACKClient.defaultServer : server, running: false,
                                         audioInputs: [], midiInputs: [], problem: error.description)
        }
    }
}
