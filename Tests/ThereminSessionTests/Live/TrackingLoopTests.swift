import Foundation
import XCTest
import ThereminCore
import ThereminSession
import ThereminTestSupport

/// The tracking loop in process, on scripted frames and a scripted tracker: controls reach the audio side through the
/// mapping, the trace is recorded in trace time, a tracker failure is reported once and counts as no hand, and a
/// source failure ends the loop with the error kept for the caller.
final class TrackingLoopTests: XCTestCase {
    private struct TrackerBroke: Error, CustomStringConvertible {
        var description: String { "hand tracker: the model failed on this frame" }
    }

    private struct CameraGone: Error {}

    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder(prefix: "loop")
    }

    /// A hand whose fingertip moves down a little each frame (lower pitch), at x 0.8; frame 5 makes the tracker fail.
    private func tracker(_ frame: Frame) throws -> HandsFrame {
        if frame.sequence == 5 { throw TrackerBroke() }
        let y = 0.1 + Double(frame.sequence) * 0.03
        return HandsFrame(HandSample(t: frame.captureTime, x: 0.8, y: y, present: true))
    }

    /// Runs the loop over `source` until it ends (or 30 s pass, which fails the test), then stops it.
    private func runToEnd(_ loop: TrackingLoop) {
        loop.start()
        XCTAssertTrue(waitUntil(timeout: 30) { loop.hasEnded }, "the loop ends with its source")
        loop.stop()
    }

    private func controls(_ renderer: LiveRenderer) -> [Control] {
        var all: [Control] = []
        while let control = renderer.controls.pop() { all.append(control) }
        return all
    }

    func testControlsFollowTheHandAndTheTraceIsRecordedInTraceTime() throws {
        let renderer = LiveRenderer(engine: SynthEngine(sampleRate: 48_000, voice: VoiceSettings()))
        let path = folder.path("take.csv")
        let recorder = try TraceWriter(path: path, metadata: TraceMetadata())
        let loop = TrackingLoop(source: ScriptedFrameSource(count: 20, rate: 30, start: 500),
                                tracker: HandTrackingFunction(tracker), isTransient: { _ in false },
                                mapper: ControlMapper(), renderer: renderer, recorder: recorder)
        runToEnd(loop)
        try recorder.finish()

        let sent = controls(renderer)
        XCTAssertEqual(sent.count, 20, "one control per frame")
        XCTAssertFalse(sent[5].gate, "the frame the tracker failed on is silent")
        let sounding = sent.enumerated().filter { $0.offset != 5 }.map(\.element)
        XCTAssertTrue(sounding.allSatisfy(\.gate))
        XCTAssertLessThan(sounding.last?.frequency ?? 0, sounding.first?.frequency ?? 0, "the hand went down")
        XCTAssertEqual(sent[0].frequency, 440 - 220 * 0.1, accuracy: 0.5, "the first sample maps directly")
        XCTAssertEqual(sent[0].sourceTime, 500, "latency is measured from the capture time")

        let snapshot = loop.snapshot.withLock { $0 }
        XCTAssertEqual(snapshot.trackedFrames, 20)
        XCTAssertEqual(snapshot.trackerProblem, "hand tracker: the model failed on this frame")
        XCTAssertNil(loop.failure, "the end of the source is not a failure")

        let trace = try TraceReader.read(path: path)
        XCTAssertEqual(trace.samples.count, 20)
        XCTAssertEqual(trace.samples[0].t, 0)
        XCTAssertEqual(trace.samples[19].t, 19.0 / 30, accuracy: 1e-4)
        XCTAssertFalse(trace.samples[5].present)
        XCTAssertEqual(trace.samples[6].y, 0.28, accuracy: 1e-4)
    }

    func testCalibratingKeepsTheInstrumentSilentAndShowsProgress() {
        let renderer = LiveRenderer(engine: SynthEngine(sampleRate: 48_000, voice: VoiceSettings()))
        let loop = TrackingLoop(source: ScriptedFrameSource(count: 10), tracker: HandTrackingFunction(tracker),
                                isTransient: { _ in false }, mapper: ControlMapper(), renderer: renderer, recorder: nil,
                                configuration: TrackingLoop.Configuration(startCalibrating: true))
        runToEnd(loop)
        let sent = controls(renderer)
        XCTAssertEqual(sent.count, 10)
        XCTAssertTrue(sent.allSatisfy { !$0.gate }, "silent while calibrating")
        XCTAssertEqual(sent[0].frequency, 440 - 220 * 0.1, accuracy: 0.5, "but mapped from the hand, like play")
        XCTAssertNotNil(loop.snapshot.withLock { $0.calibrationStatus }, "the display sees the calibration")
    }

    /// Frames at 30 fps with one transient failure (a stalled camera) before frame `stallBefore`.
    private final class StallingSource: FrameSource, @unchecked Sendable {
        struct Stalled: Error {}
        let name = "stalling"
        let nominalFrameRate: Double? = 30
        let frameSize = (width: 4, height: 2)
        var droppedFrames: Int { 0 }
        private let count: Int, stallBefore: Int
        private var next = 0, stalled = false

        init(count: Int, stallBefore: Int) { (self.count, self.stallBefore) = (count, stallBefore) }

        func nextFrame() throws -> Frame? {
            if next == stallBefore && !stalled {
                stalled = true
                throw Stalled()
            }
            guard next < count else { return nil }
            defer { next += 1 }
            return Frame(width: 4, height: 2, bytesPerRow: 12, pixels: [UInt8](repeating: 128, count: 24),
                         captureTime: 100 + Double(next) / 30, sequence: UInt64(next))
        }

        func close() {}
    }

    func testAfterAStallTheOldNoteStaysSilentWhileTheNextFrameIsTracked() {
        let renderer = LiveRenderer(engine: SynthEngine(sampleRate: 48_000, voice: VoiceSettings()))
        let block = UnsafeMutablePointer<Float>.allocate(capacity: 480)
        defer { block.deallocate() }
        var ending: [UInt64: Float] = [:]
        // The sound card plays 200 ms while each frame is tracked (the peak of its last 10 ms is kept): frames 0-5
        // hold the hand, frame 6 (the first after the stall) does not.
        let tracker = HandTrackingFunction { frame in
            for _ in 0..<20 { renderer.render(into: block, frames: 480) }
            ending[frame.sequence] = (0..<480).map { abs(block[$0]) }.max()
            return HandsFrame(frame.sequence < 6 ? HandSample(t: frame.captureTime, x: 0.8, y: 0.3, present: true)
                                                   : .absent(at: frame.captureTime))
        }
        let loop = TrackingLoop(source: StallingSource(count: 8, stallBefore: 6), tracker: tracker,
                                isTransient: { $0 is StallingSource.Stalled }, mapper: ControlMapper(),
                                renderer: renderer, recorder: nil)
        runToEnd(loop)
        XCTAssertGreaterThan(ending[5] ?? 0, 0.01, "the hand is heard before the stall: \(ending)")
        XCTAssertEqual(ending[6] ?? 1, 0, "silent while the first frame after the stall is tracked: \(ending)")
    }

    func testASourceFailureEndsTheLoopAndIsKept() {
        let source = ScriptedFrameSource(times: [1, 1.1], failure: CameraGone())
        let loop = TrackingLoop(source: source, tracker: HandTrackingFunction(tracker), isTransient: { _ in false },
                                mapper: ControlMapper(), renderer: nil, recorder: nil)
        runToEnd(loop)
        XCTAssertTrue(loop.failure is CameraGone)
        XCTAssertEqual(loop.snapshot.withLock { $0.trackedFrames }, 2)
    }
}
