import Foundation
import ThereminCore

/// `--replay` on a sound output: the performance plays on the output's thread while this, on the caller's thread,
/// tells the followers (MIDI, OSC) and the display which frame is heard, until the performance ends or a stop is
/// asked for; a stop fades out rather than cuts. The command line plugs in the device, the followers and the status
/// line; tests play into memory.
public struct ReplayPlayback {
    /// How playing ended.
    public enum Ending: Equatable, Sendable {
        /// The performance played to its end.
        case finished
        /// A stop was asked for (a signal): the sound faded out.
        case stopped
    }

    public var followers: [any ReplayFollower] = []
    /// Asked after every poll whether to stop.
    public var stopRequested: () -> Bool = { false }
    /// Called after every poll with the frame heard and the control then playing (the status line).
    public var show: (_ frame: Int, _ control: Control?) -> Void = { _, _ in }

    public init() {}

    /// Plays `performance` on `output` (which runs at the performance's rate) to its end or a stop.
    /// - Returns: how it ended, and the seconds of the performance played.
    /// - Throws: a follower's error, or the output's error that stopped it.
    public mutating func run(_ performance: PerformanceRender, on output: any SoundOutput,
                             sound: SoundDescription) throws -> (ending: Ending, seconds: Double) {
        output.start(performance.mix)
        var ending = Ending.finished
        // Followers send messages as the sound is heard: poll often for them, seldom for the display alone.
        let poll = followers.isEmpty ? 0.05 : 0.005
        while !output.isFinished {
            if stopRequested() {
                ending = .stopped
                break
            }
            let frame = max(0, performance.theremin.renderedFrames - output.deviceDelayFrames)
            for index in followers.indices { try followers[index].advance(toFrame: frame) }
            show(frame, performance.plan.control(at: frame))
            MonotonicClock.sleep(poll)
        }
        for index in followers.indices { try followers[index].finish() }
        if ending == .stopped {
            try output.stop(afterFrames: sound.fadeOutFrames(sampleRate: output.sampleRate,
                                                             bufferFrames: output.bufferFrames))
        } else {
            try output.wait()
        }
        return (ending, Double(performance.theremin.renderedFrames) / Double(performance.sampleRate))
    }
}
