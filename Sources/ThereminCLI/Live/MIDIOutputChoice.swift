import ThereminAudio
import ThereminCore
import ThereminJACK

/// Where `--midi-out` goes: an ALSA sequencer port, or JACK MIDI (`jack:` leaves `midi_out` for a patchbay,
/// `jack:PORT[,PORT]` connects it to those ports or clients): on theremin's own JACK client when the sound plays
/// through JACK (`theremin:midi_out`), else on a client of its own (`theremin-midi:midi_out`).
enum MIDIOutputChoice {
    static let jackPrefix = "jack:"

    /// Whether `--midi-out` is JACK MIDI beside JACK sound: a port on the sound's client, opened after it.
    static func goesOnSoundClient(_ settings: Settings) -> Bool {
        settings.studio.backend == .jack && settings.music.midiOut?.hasPrefix(jackPrefix) == true
    }

    /// Connects the sink for `port`; `sound` is the opened sound output, not yet started.
    /// - Throws: the sequencer's or JACK's error when the port or server is not there (input errors).
    static func open(_ port: String, settings: Settings, sound: (any SoundOutput)?) throws -> any MIDISink {
        guard port.hasPrefix(jackPrefix) else { return try ALSASequencer(connectingTo: port) }
        let names = port.dropFirst(jackPrefix.count).split(separator: ",").map(String.init).filter { !$0.isEmpty }
        let connection: JACKRequest.Connection = names.isEmpty ? .none : .ports(names)
        if let audio = sound as? JACKOutput { return try audio.addMIDIOutput(connection: connection) }
        var request = JACKRequest(server: settings.studio.jackServer, clientName: "theremin-midi",
                                  connection: connection)
        request.notice = { Output.err("theremin: \($0)\n") }
        return try JACKMIDIOutput(request: request)
    }
}
