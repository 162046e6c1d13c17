import XCTest
import ThereminCore
import ThereminSession
import ThereminTestSupport

/// `--replay`'s loop on an in-memory sound port: the followers hear every frame in order as it plays, the display
/// sees the controls, and a stop fades out instead of cutting; no sound card.
final class ReplayPlaybackTests: XCTestCase {
    /// A follower that plays the output forward by two periods on each poll (so the replay advances in step with the
    /// loop, not with a clock) and remembers the frames it was told.
    private final class SteppingFollower: ReplayFollower {
        let output: MemorySoundOutput
        var frames: [Int] = []
        var finished = 0

        init(output: MemorySoundOutput) { self.output = output }

        func advance(toFrame frame: Int) {
            frames.append(frame)
            output.play(periods: 2)
        }

        func finish() { finished += 1 }
    }

    /// Half a second of a hand at the top (440 Hz).
    private let trace = Trace(metadata: TraceMetadata(),
                              samples: (0...15).map { HandSample(t: Double($0) / 30, x: 1, y: 0, present: true) })
    private let sound = SoundDescription(mapper: ControlMapper())

    private func performance() throws -> PerformanceRender {
        try RenderSetup(sound: sound, sampleRate: 48_000, files: NoBackingFiles.self).performance(of: trace)
    }

    func testTheReplayPlaysToItsEndWithItsFollowers() throws {
        let output = MemorySoundOutput()
        let follower = SteppingFollower(output: output)
        let render = try performance()
        var shown: [Double] = []
        var playback = ReplayPlayback()
        playback.followers = [follower]
        playback.show = { _, control in shown.append(control?.frequency ?? 0) }
        let (ending, seconds) = try playback.run(render, on: output, sound: sound)
        XCTAssertEqual(ending, .finished)
        // Played in whole periods, as a device plays: the whole performance, tail included, and at most the last
        // poll's periods past it.
        let step = 2 * output.periodFrames
        XCTAssertEqual(output.played.count, render.totalFrames + step - 1 - (render.totalFrames - 1) % step)
        XCTAssertEqual(seconds, Double(output.played.count) / 48_000, accuracy: 1e-9)
        XCTAssertEqual(follower.frames, follower.frames.sorted(), "frames in the order they are heard")
        XCTAssertEqual(follower.frames.first, 0)
        XCTAssertGreaterThan(follower.frames.count, 10, "told at every poll")
        XCTAssertEqual(follower.finished, 1)
        XCTAssertEqual(shown.first ?? 0, 440, accuracy: 0.5, "the display sees the control playing")
        XCTAssertEqual(SignalMeasurements.steadyFrequency(output.played[4_800..<19_200], sampleRate: 48_000).frequency ?? 0,
                       440, accuracy: 1)
    }

    func testAStopFadesOutAndFinishesTheFollowers() throws {
        let output = MemorySoundOutput()
        let follower = SteppingFollower(output: output)
        let render = try performance()
        var playback = ReplayPlayback()
        playback.followers = [follower]
        playback.stopRequested = { follower.frames.count >= 5 }
        let (ending, seconds) = try playback.run(render, on: output, sound: sound)
        XCTAssertEqual(ending, .stopped)
        XCTAssertEqual(follower.finished, 1)
        let fade = sound.fadeOutFrames(sampleRate: output.sampleRate, bufferFrames: output.bufferFrames)
        XCTAssertEqual(output.stops, [fade], "stopped once, after the fade")
        XCTAssertEqual(output.played.count, 5 * 2 * output.periodFrames + fade)
        XCTAssertLessThan(seconds, render.duration, "stopped before the end")
        XCTAssertLessThan(SignalMeasurements.peak(output.played.suffix(480)), 0.001, "faded to silence")
        XCTAssertLessThan(SignalMeasurements.maxStep(output.played[...]), 0.1, "without a click")
    }
}
