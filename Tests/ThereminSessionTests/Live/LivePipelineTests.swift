import Foundation
import Synchronization
import XCTest
import ThereminCore
import ThereminSession
import ThereminTestSupport

/// The live pipeline end to end through its ports, all in memory: scripted frames → the tracking port (a scripted
/// hand) → the control chain (mapping, smoothing, the live renderer, the mix) → the sound port, with the trace
/// recorded. No camera, model or sound card: the sound port plays one frame's worth of sound after each frame, so
/// what is heard is decided by the frames, not by how the machine schedules threads.
final class LivePipelineTests: XCTestCase {
    private let rate = 48_000
    /// One frame at 30 fps: five periods of 320 frames.
    private let framePeriods = 5
    private var frameSamples: Int { framePeriods * 320 }

    /// A display that shows nothing and presses nothing.
    private final class NoDisplay: LiveDisplay {
        func show(_ snapshot: LiveSnapshot, status: LiveStatus) -> [LiveKey] { [] }
        func close() {}
    }

    /// What one run of the pipeline left at its ports.
    private struct Run {
        let ending: LiveSession.Ending
        let sound: [Float]
        let stops: [Int]
        let fadeFrames: Int
        /// The voice's frequency one period into each frame's sound.
        let early: [Double]
    }

    /// Runs a live session over `hands` (one per frame, at 30 fps), recording into `recorder` if given. Each frame's
    /// sound is played `age` seconds after its capture on the session's clock (the renderer reads the same clock).
    private func play(_ hands: [HandSample], recorder: TraceWriter? = nil, age: Double = 0) throws -> Run {
        let times = hands.indices.map { 1 + Double($0) / 30 }
        let clock = ScriptedClock(at: times[0])
        let tracking = HandTrackingFunction { frame in
            clock.set(frame.captureTime)  // the session runs on the frames' time: never a stalled camera
            var hand = hands[Int(frame.sequence)]
            hand.t = frame.captureTime
            return HandsFrame(hand)
        }
        let description = SoundDescription(mapper: ControlMapper())
        let output = MemorySoundOutput(sampleRate: rate)
        let renderer = LiveRenderer(engine: description.makeEngine(sampleRate: Double(rate)), clock: clock)
        let loop = TrackingLoop(source: ScriptedFrameSource(times: times), tracker: tracking, isTransient: { _ in false },
                                mapper: description.mapper, renderer: renderer, recorder: recorder, clock: clock)
        let periods = framePeriods
        let early = Mutex<[Double]>([])
        loop.onControl = { control in
            clock.set(control.sourceTime + age)
            output.play(periods: 1)
            early.withLock { $0.append(renderer.currentFrequency) }
            output.play(periods: periods - 1)
        }
        let session = LiveSession(loop: loop, renderer: renderer, mixer: StereoMixer(source: renderer), output: output,
                                  display: NoDisplay(), sound: description, options: LiveSession.Options())
        let ending = try session.run()
        return Run(ending: ending, sound: output.played, stops: output.stops,
                   fadeFrames: description.fadeOutFrames(sampleRate: rate, bufferFrames: output.bufferFrames),
                   early: early.withLock { $0 })
    }

    /// The sound that followed frames `range`.
    private func sound(_ run: Run, frames range: Range<Int>) -> ArraySlice<Float> {
        run.sound[(range.lowerBound * frameSamples)..<(range.upperBound * frameSamples)]
    }

    private func pitch(_ samples: ArraySlice<Float>) -> Double {
        SignalMeasurements.steadyFrequency(samples, sampleRate: Double(rate)).frequency ?? 0
    }

    func testAHandMovingUpRaisesThePitchAtTheSoundPort() throws {
        // Half a second low (y 0.8: 264 Hz), half a second rising, half a second high (y 0.2: 396 Hz).
        let heights = Array(repeating: 0.8, count: 15) + (1...15).map { 0.8 - 0.6 * Double($0) / 15 }
            + Array(repeating: 0.2, count: 15)
        let run = try play(heights.map { HandSample(t: 0, x: 0.7, y: $0, present: true) })
        XCTAssertEqual(run.ending, .endOfInput)
        XCTAssertEqual(run.sound.count, 45 * frameSamples + run.fadeFrames, "each frame's share, then the fade")
        XCTAssertEqual(run.stops, [run.fadeFrames], "stopped once, after the fade")
        XCTAssertEqual(pitch(sound(run, frames: 10..<15)), 264, accuracy: 264 * 0.01, "the low hand")
        XCTAssertEqual(pitch(sound(run, frames: 40..<45)), 396, accuracy: 396 * 0.01, "the high hand")
        let rising = (15..<31).map { pitch(sound(run, frames: $0..<($0 + 1))) }
        for (earlier, later) in zip(rising, rising.dropFirst()) {
            XCTAssertGreaterThanOrEqual(later, earlier * 0.995, "the pitch follows the hand up: \(rising)")
        }
        XCTAssertGreaterThan(rising.last ?? 0, (rising.first ?? 0) * 1.3)
    }

    func testALostHandFadesRatherThanCuts() throws {
        let present = Array(repeating: HandSample(t: 0, x: 0.7, y: 0.5, present: true), count: 15)
        let lost = Array(repeating: HandSample.absent(at: 0), count: 15)
        let run = try play(present + lost)
        let playing = SignalMeasurements.peak(sound(run, frames: 10..<15))
        XCTAssertGreaterThan(playing, 0.3, "the hand is heard")
        XCTAssertLessThan(SignalMeasurements.peak(sound(run, frames: 25..<30)), playing * 0.001, "then silence")
        // The level in windows of one period of the tone (330 Hz) between full and silent: a fade passes through
        // many, a cut one at most.
        let afterLoss = sound(run, frames: 15..<25)
        let levels = stride(from: afterLoss.startIndex, to: afterLoss.endIndex - 160, by: 160).map {
            SignalMeasurements.peak(afterLoss[$0..<($0 + 160)]) / playing
        }
        XCTAssertGreaterThanOrEqual(levels.filter { $0 > 0.1 && $0 < 0.9 }.count, 5, "\(levels)")
        XCTAssertLessThan(SignalMeasurements.maxStep(afterLoss), 0.05, "no click")
    }

    func testTheRecordingHasARowPerFrameAsTheHandMoved() throws {
        let folder = try temporaryFolder(prefix: "pipeline")
        let path = folder.path("take.csv")
        let heights = (0..<20).map { 0.2 + 0.03 * Double($0) }
        let hands = heights.enumerated().map { HandSample(t: 0, x: 0.7, y: $0.element, present: $0.offset != 7) }
        let recorder = try TraceWriter(path: path, metadata: TraceMetadata())
        let run = try play(hands, recorder: recorder)
        try recorder.finish()
        XCTAssertEqual(run.ending, .endOfInput)
        let trace = try TraceReader.read(path: path)
        XCTAssertEqual(trace.samples.count, 20, "a row per frame")
        XCTAssertEqual(trace.samples.map(\.present), hands.map(\.present))
        for (row, height) in zip(trace.samples, heights) where row.present {
            XCTAssertEqual(row.y, height, accuracy: 1e-4)
        }
        XCTAssertEqual(trace.samples[19].t, 19.0 / 30, accuracy: 1e-4, "in trace time from the first frame")
    }

    /// The shift (seconds, to the millisecond) at which `heard` best matches the hand's frequency `truth(t)`, each
    /// value taken early in the sound of the frame captured at `times`.
    private func bestShift(_ heard: ArraySlice<Double>, times: [Double], truth: (Double) -> Double) -> Double {
        let shifts = (-20...150).map { Double($0) / 1000 }
        func error(_ shift: Double) -> Double {
            heard.indices.map { pow(heard[$0] - truth(times[$0] + shift), 2) }.reduce(0, +)
        }
        return shifts.min { error($0) < error($1) } ?? .nan
    }

    func testAVibratoIsHeardAheadOfItsLastFrameByTheFramesAge() throws {
        // A 5 Hz vibrato of ±0.02 of the picture (±4.4 Hz around 330 Hz) for three seconds.
        let times = (0..<90).map { 1 + Double($0) / 30 }
        let height = { (t: Double) in 0.5 + 0.02 * sin(2 * Double.pi * 5 * (t - 1)) }
        let hands = times.map { HandSample(t: 0, x: 0.7, y: height($0), present: true) }
        let truth = { (t: Double) in 440 - 220 * height(t) }
        let fresh = try play(hands)
        let aged = try play(hands, age: 0.02)
        let late = try play(hands, age: 0.3)
        // From the second second on, the swing fitted: where in the hand's motion each run is heard, a period into
        // each frame's sound.
        let settled = 30..<90
        let freshShift = bestShift(fresh.early[settled], times: times, truth: truth)
        let agedShift = bestShift(aged.early[settled], times: times, truth: truth)
        let lateShift = bestShift(late.early[settled], times: times, truth: truth)
        // 20 ms old frames are heard 20 ms further along the vibrato: where the hand is when the sound plays.
        XCTAssertEqual(agedShift - freshShift, 0.02, accuracy: 0.004, "fresh \(freshShift) s, aged \(agedShift) s")
        // A frame 0.3 s old is carried no further than the prediction's horizon (the latency and two frames).
        XCTAssertGreaterThan(lateShift - freshShift, 0.02, "late \(lateShift) s")
        let horizon = MotionSettings().horizon + 2.0 / 30
        XCTAssertLessThanOrEqual(lateShift - freshShift, horizon + 0.005, "late \(lateShift) s")
        for value in late.early[settled] {
            XCTAssertEqual(value, 330, accuracy: 4.4 + 1, "within the swing's span, never beyond it")
        }
    }

    func testAStraightMoveIsNotCarriedPastWhereTheHandWasSeen() throws {
        // Still low for a second, then rising at a constant speed (0.6 of the picture a second: 132 Hz a second).
        let heights = Array(repeating: 0.85, count: 30) + (1...30).map { 0.85 - 0.6 * Double($0) / 30 }
        let hands = heights.map { HandSample(t: 0, x: 0.7, y: $0, present: true) }
        let fresh = try play(hands)
        let late = try play(hands, age: 0.3)
        let rising = 45..<57
        let speed = (fresh.early[55] - fresh.early[45]) / (10.0 / 30)
        XCTAssertEqual(speed, 132, accuracy: 132 * 0.2, "the fresh run follows the hand's speed")
        // A hand may stop at any frame: a straight path is carried only within the overshoot margin (about a cent),
        // however old the frame.
        for frame in rising {
            let lead = (late.early[frame] - fresh.early[frame]) / speed
            XCTAssertGreaterThanOrEqual(lead, 0, "frame \(frame)")
            XCTAssertLessThan(lead, 0.003, "frame \(frame): not 0.3 s ahead")
        }
    }
}
