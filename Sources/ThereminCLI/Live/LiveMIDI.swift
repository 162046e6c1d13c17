import ThereminAudio
import ThereminCore

/// `--midi-out` during live play: every control the tracker produces also goes to another synthesizer over the ALSA
/// sequencer, from the tracking thread (never the audio thread). A send failure is reported once; playing goes on.
final class LiveMIDI: @unchecked Sendable {
    private let sink: MIDISink
    private var performer: MIDIPerformer
    private var failure: String?
    private var reported = false

    /// Connects to `port` and sends the setup (pitch-bend range).
    /// - Throws: the sequencer's error when the port does not exist or cannot be reached.
    init(port: String, settings: MIDISettings) throws {
        let sequencer = try ALSASequencer(connectingTo: port)
        sink = sequencer
        performer = MIDIPerformer(settings: settings)
        for message in performer.setup() { try sink.send(message) }
    }

    func send(_ control: Control) {
        guard failure == nil else { return }
        do {
            for message in performer.messages(for: control) { try sink.send(message) }
        } catch {
            failure = "MIDI out stopped: \(error)"
        }
    }

    /// The first failure, once (for the main thread to print).
    func takeFailure() -> String? {
        guard let failure, !reported else { return nil }
        reported = true
        return failure
    }

    /// Ends a sounding note.
    func finish() {
        for message in performer.finish() { try? sink.send(message) }
    }
}
