import ThereminAudio
import ThereminJACK
import ThereminCore
import ThereminSession

/// `--midi-out` during live play: every control the tracker produces also goes to another synthesizer over the ALSA
/// sequencer, from the tracking thread (never the audio thread). A send failure is reported once; playing goes on.
/// For `--stats` it keeps the age of each control's messages when they were sent (capture → sent).
final class LiveMIDI: @unchecked Sendable {
    /// Ages kept for `--stats`: an hour at 60 frames a second, then no more (the figure is long settled by then).
    private static let maxAges = 216_000
    private let sink: MIDISink
    private var performer: MIDIPerformance
    private let slideAxis: SlideAxis
    private let handMode: HandMode
    private var slide: Double?
    private var failure: String?
    private var reported = false
    private var ages: [Double] = []

    /// Connects to `port` (JACK MIDI on `sound`'s client when it is JACK's) and sends the setup (pitch-bend range,
    /// MPE zone).
    /// - Throws: the sequencer's error when the port does not exist or cannot be reached.
    convenience init(port: String, settings: Settings, sound: (any SoundOutput)?) throws {
        try self.init(sink: MIDIOutputChoice.open(port, settings: settings, sound: sound), settings: settings.music.midi,
                      handMode: settings.music.handMode)
    }

    /// Sends the setup to a connected `sink`. - Throws: the sink's error.
    init(sink: MIDISink, settings: MIDISettings, handMode: HandMode) throws {
        self.sink = sink
        performer = MIDIPerformance(settings: settings)
        slideAxis = settings.mode == .mpe ? settings.slide : .off
        self.handMode = handMode
        for message in performer.setup() { try sink.send(message) }
    }

    /// Wraps the tracker so that each frame's hands set the slide axis before the frame's control is sent: the
    /// tracking loop calls the tracker, then `send` with the control of the same frame, on the same thread.
    func observing(_ tracker: @escaping HandTrackingFunction.Body) -> HandTrackingFunction.Body {
        guard slideAxis != .off else { return tracker }
        return { [self] frame in
            let hands = try tracker(frame)
            slide = slideAxis.value(in: hands, handMode: handMode)
            return hands
        }
    }

    func send(_ control: Control) {
        guard failure == nil else { return }
        do {
            let messages = performer.messages(for: control, slide: slide)
            if let jack = sink as? JACKMIDIOutput, control.sourceTime > 0 {
                for message in messages { try jack.send(message, capturedAt: control.sourceTime) }
            } else {
                for message in messages { try sink.send(message) }
            }
            if !messages.isEmpty, control.sourceTime > 0, ages.count < LiveMIDI.maxAges {
                ages.append(MonotonicClock.now() - control.sourceTime)
            }
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

    /// Ends a sounding note. Call after the tracking loop has stopped.
    func finish() {
        for message in performer.finish() { try? sink.send(message) }
    }

    /// The `--stats` line: how old a frame's MIDI was when it left (capture → sent), median and 95th percentile, over
    /// the frames that sent any. Call after the tracking loop has stopped.
    func statsLine() -> String {
        guard !ages.isEmpty else { return "MIDI capture→sent: nothing sent" }
        let sorted = ages.sorted()
        var line = String(format: "MIDI capture→sent (ms): median %.1f, p95 %.1f, over %d frames that sent messages",
                          LatencyStats.percentile(sorted, 0.5) * 1000, LatencyStats.percentile(sorted, 0.95) * 1000,
                          sorted.count)
        // JACK MIDI: how old each message was at the frame it went out at (motion → MIDI out).
        if let jack = sink as? JACKMIDIOutput {
            var atFrame: [Double] = []
            while let age = jack.ages.pop() { atFrame.append(age) }
            if !atFrame.isEmpty {
                atFrame.sort()
                line += String(format: "\nMIDI capture→frame (JACK, ms): median %.1f, p95 %.1f, over %d messages",
                               LatencyStats.percentile(atFrame, 0.5) * 1000, LatencyStats.percentile(atFrame, 0.95) * 1000,
                               atFrame.count)
            }
        }
        return line
    }
}
