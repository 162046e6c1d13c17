import ThereminCore

/// Sends a replay's MIDI as the sound is heard: the main loop calls `advance(toFrame:)` with the frame now playing,
/// and every control scheduled up to it goes out through the performer. Runs on the main thread, never the audio
/// thread.
public final class MIDIFollower: ReplayFollower {
    private let sink: MIDISink
    private var performer: MIDIPerformance
    private let schedule: [TimedControl]
    /// The slide axis's value for each entry of the schedule (MPE's CC 74; empty when off).
    private let slides: [Double?]
    private var next = 0
    /// Where each message goes on a clock of its own (JACK MIDI beside JACK audio: at the frame its control is heard),
    /// and how far ahead of the sound messages may be handed over; nil sends each as it is heard.
    public var placement: Placement?

    public struct Placement {
        /// Whether the clock is known (the first cycle has run); until then nothing is handed over.
        public let ready: () -> Bool
        /// The last frame of the performance whose messages may be handed over now.
        public let horizon: () -> Int
        /// Sends a message to go out with frame `frame` of the performance; false when the clock was lost meanwhile
        /// (the message is then sent at once).
        public let send: (MIDIMessage, _ frame: Int) throws -> Bool

        public init(ready: @escaping () -> Bool, horizon: @escaping () -> Int,
                    send: @escaping (MIDIMessage, _ frame: Int) throws -> Bool) {
            self.ready = ready
            self.horizon = horizon
            self.send = send
        }
    }

    /// Connects nothing itself: `sink` is already connected. Sends the setup (bend range, MPE zone) at once.
    public init(sink: MIDISink, settings: MIDISettings, schedule: [TimedControl], slides: [Double?]) throws {
        self.sink = sink
        self.schedule = schedule
        self.slides = slides
        performer = MIDIPerformance(settings: settings)
        for message in performer.setup() { try sink.send(message) }
    }

    public func advance(toFrame frame: Int) throws {
        var limit = frame
        if let placement { limit = placement.ready() ? max(frame, placement.horizon()) : -1 }
        while next < schedule.count && schedule[next].sampleIndex <= limit {
            let slide = next < slides.count ? slides[next] : nil
            let at = schedule[next].sampleIndex
            for message in performer.messages(for: schedule[next].control, slide: slide) {
                if let placement, try placement.send(message, at) { continue }
                try sink.send(message)
            }
            next += 1
        }
    }

    /// Ends a sounding note.
    public func finish() throws {
        for message in performer.finish() { try sink.send(message) }
    }
}
