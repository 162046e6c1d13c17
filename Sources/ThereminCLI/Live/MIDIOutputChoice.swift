import ThereminAudio
import ThereminCore
import ThereminJACK

/// Where `--midi-out` goes: an ALSA sequencer port, or JACK MIDI (`jack:` leaves `theremin-midi:midi_out` for a
/// patchbay, `jack:PORT[,PORT]` connects it to those ports or clients).
enum MIDIOutputChoice {
    static let jackPrefix = "jack:"

    /// Connects the sink for `port`.
    /// - Throws: the sequencer's or JACK's error when the port or server is not there (input errors).
    static func open(_ port: String, settings: Settings) throws -> any MIDISink {
        guard port.hasPrefix(jackPrefix) else { return try ALSASequencer(connectingTo: port) }
        let names = port.dropFirst(jackPrefix.count).split(separator: ",").map(String.init).filter { !$0.isEmpty }
        var request = JACKRequest(server: settings.studio.jackServer, clientName: "theremin-midi",
                                  connection: names.isEmpty ? .none : .ports(names))
        request.notice = { Output.err("theremin: \($0)\n") }
        return try JACKMIDIOutput(request: request)
    }
}
