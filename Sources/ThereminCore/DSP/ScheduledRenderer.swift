import Synchronization

/// A control change at an exact sample position: what a replayed trace becomes.
public struct TimedControl: Sendable, Equatable {
    public var sampleIndex: Int
    public var control: Control

    public init(sampleIndex: Int, control: Control) {
        self.sampleIndex = sampleIndex
        self.control = control
    }
}

/// A change of the sound at an exact sample position: a player's action in a replayed take.
public struct TimedChange: Sendable, Equatable {
    public enum Change: Sendable, Equatable {
        /// The next waveform (`Waveform.next`), as the key and the action do live.
        case nextWaveform
        /// The sound of the switch's index (a preset of the list).
        case sound(Int)
    }

    public var sampleIndex: Int
    public var change: Change

    public init(sampleIndex: Int, change: Change) {
        self.sampleIndex = sampleIndex
        self.change = change
    }
}

/// Plays a fixed schedule of controls, applying each at its exact sample whatever the block size, so an offline
/// render and a live replay of the same trace produce the same samples, bit for bit.
public final class ScheduledRenderer: BlockRenderer, @unchecked Sendable {
    /// The sounds the schedule switches between; the one playing is `engine`.
    public let sounds: SoundSwitch
    public var engine: SynthEngine { sounds.current }
    public var sampleRate: Double { engine.sampleRate }
    private var lastControl = Control(frequency: 440, amplitude: 0, gate: false)
    private let schedule: [TimedControl]
    /// Total length of the render in samples (the schedule plus the fade and effect tail).
    public let totalFrames: Int
    private let changes: [TimedChange]
    private var nextEvent = 0
    private var nextChange = 0
    private var position = 0
    private let published = Atomic<Int>(0)
    private let fadeRequested = Atomic<Bool>(false)
    private var fading = false

    /// - Parameters:
    ///   - schedule: controls sorted by sample index.
    ///   - totalFrames: how long the render lasts.
    ///   - changes: the sound's changes, sorted by sample index.
    public convenience init(engine: SynthEngine, schedule: [TimedControl], totalFrames: Int, changes: [TimedChange] = []) {
        self.init(sounds: SoundSwitch(engines: [engine], tails: [0]), schedule: schedule, totalFrames: totalFrames,
                  changes: changes)
    }

    /// A schedule played on several sounds, switched by `changes`.
    public init(sounds: SoundSwitch, schedule: [TimedControl], totalFrames: Int, changes: [TimedChange]) {
        self.sounds = sounds
        self.schedule = schedule
        self.changes = changes
        self.totalFrames = totalFrames
    }

    /// Samples rendered so far; safe to read from any thread (for displays and progress bars).
    public var renderedFrames: Int { published.load(ordering: .relaxed) }

    public var isFinished: Bool { renderedFrames >= totalFrames }

    public func fadeOut() {
        fadeRequested.store(true, ordering: .relaxed)
    }

    public func render(into output: UnsafeMutablePointer<Float>, frames: Int) {
        advance(frames: frames) { offset, chunk in self.sounds.render(into: output + offset, frames: chunk) }
    }

    /// The replay in stereo, the controls applied at the same samples as in mono.
    public func renderStereo(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>, frames: Int) {
        advance(frames: frames) { offset, chunk in
            self.sounds.renderStereo(left: left + offset, right: right + offset, frames: chunk)
        }
    }

    /// Renders `frames` in chunks that end where the next control applies. The closure does not escape, so
    /// calling it allocates nothing.
    @inline(__always)
    private func advance(frames: Int, rendering render: (_ offset: Int, _ frames: Int) -> Void) {
        if !fading && fadeRequested.load(ordering: .relaxed) {
            fading = true
            nextEvent = schedule.count
            engine.apply(Control(frequency: engine.voice.currentFrequency, amplitude: 0, gate: false))
        }
        var done = 0
        while done < frames {
            while nextChange < changes.count && changes[nextChange].sampleIndex <= position {
                switch changes[nextChange].change {
                case .nextWaveform: engine.voice.waveform = engine.voice.waveform.next
                case .sound(let index): sounds.select(index, closing: lastControl)
                }
                nextChange += 1
            }
            while nextEvent < schedule.count && schedule[nextEvent].sampleIndex <= position {
                lastControl = schedule[nextEvent].control
                sounds.apply(lastControl)
                nextEvent += 1
            }
            var chunk = frames - done
            if nextEvent < schedule.count {
                chunk = min(chunk, schedule[nextEvent].sampleIndex - position)
            }
            if nextChange < changes.count {
                chunk = min(chunk, changes[nextChange].sampleIndex - position)
            }
            render(done, chunk)
            done += chunk
            position += chunk
        }
        published.store(position, ordering: .relaxed)
    }
}
