import ThereminAudio
import ThereminCore
import ThereminSession

/// Sends a replay's MIDI as the sound is heard: the main loop calls `advance(toFrame:)` with the frame now playing,
/// and every control scheduled up to it goes out through the performer. Runs on the main thread, never the audio
/// thread.
final class MIDIFollower: ReplayFollower {
    private let sink: MIDISink
    private var performer: MIDIPerformance
    private let schedule: [TimedControl]
    /// The slide axis's value for each entry of the schedule (MPE's CC 74; empty when off).
    private let slides: [Double?]
    private var next = 0

    /// Connects nothing itself: `sink` is already connected. Sends the setup (bend range, MPE zone) at once.
    init(sink: MIDISink, settings: MIDISettings, schedule: [TimedControl], slides: [Double?]) throws {
        self.sink = sink
        self.schedule = schedule
        self.slides = slides
        performer = MIDIPerformance(settings: settings)
        for message in performer.setup() { try sink.send(message) }
    }

    func advance(toFrame frame: Int) throws {
        while next < schedule.count && schedule[next].sampleIndex <= frame {
            let slide = next < slides.count ? slides[next] : nil
            for message in performer.messages(for: schedule[next].control, slide: slide) { try sink.send(message) }
            next += 1
        }
    }

    /// Ends a sounding note.
    func finish() throws {
        for message in performer.finish() { try sink.send(message) }
    }
}
