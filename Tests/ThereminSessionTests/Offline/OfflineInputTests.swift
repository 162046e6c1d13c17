import Foundation
import XCTest
import ThereminCore
import ThereminSession
import ThereminTestSupport

/// Offline `--input` as a library: scripted frames through a scripted tracker, rebased, recorded and rendered, with
/// no file decoder, model or command line.
final class OfflineInputTests: XCTestCase {
    /// A tracker that puts the hand at a height from the frame's time and loses it on every fourth frame.
    private func scriptedTracker(calls: Counter, forgets: Counter = Counter()) -> HandTrackingFunction {
        HandTrackingFunction(forget: { forgets.add() }) { frame in
            calls.add()
            let present = frame.sequence % 4 != 3
            return HandsFrame(HandSample(t: frame.captureTime, x: 0.8, y: present ? 0.5 : 0, present: present))
        }
    }

    func testEveryFrameIsTrackedInOrderWithTimesFromZero() throws {
        let calls = Counter()
        let forgets = Counter()
        var progress: [Int] = []
        let input = OfflineInput(source: ScriptedFrameSource(count: 9, rate: 30, start: 100), name: "clip.mp4",
                                 tracker: scriptedTracker(calls: calls, forgets: forgets), forgetsBetweenFrames: true)
        let frames = try input.track { progress.append($0) }
        XCTAssertEqual(frames.count, 9)
        XCTAssertEqual(calls.value, 9)
        XCTAssertEqual(forgets.value, 9, "the tracker forgets the hand before every picture")
        XCTAssertEqual(progress, Array(1...9))
        XCTAssertEqual(frames[0].t, 0, accuracy: 1e-9, "times rebased to the first frame")
        XCTAssertEqual(frames[8].t, 8.0 / 30, accuracy: 1e-9)
        XCTAssertEqual(frames.map { !$0.present.isEmpty }, [true, true, true, false, true, true, true, false, true])
        XCTAssertTrue(frames.allSatisfy { frame in frame.hands.allSatisfy { $0.t == frame.t } })
    }

    func testASourceWithoutFramesIsRefusedNamingTheInput() {
        let input = OfflineInput(source: ScriptedFrameSource(times: []), name: "empty.mp4",
                                 tracker: scriptedTracker(calls: Counter()))
        XCTAssertThrowsError(try input.track()) { error in
            XCTAssertEqual(error as? NoFramesToTrack, NoFramesToTrack(input: "empty.mp4"))
            XCTAssertEqual("\(error)", "input empty.mp4 has no frames to track")
            XCTAssertEqual((error as? ReportableError)?.exitStatus, 2)
        }
    }

    /// The recorded trace reads back as the tracked frames, and the render of the frames is the render of that
    /// trace read back: offline `--input … --output` sounds exactly as `--replay` of its `--record`.
    func testTheRecordingReadsBackAndRendersAsItsReplay() throws {
        let folder = try temporaryFolder(prefix: "offline-input")
        let frames = try OfflineInput(source: ScriptedFrameSource(count: 30), name: "clip.mp4",
                                      tracker: scriptedTracker(calls: Counter())).track()
        let path = folder.path("take.csv")
        try OfflineInput.record(frames, into: try TraceWriter(path: path, metadata: TraceMetadata(), hands: 1))
        let readBack = try TraceReader.read(path: path)
        XCTAssertEqual(readBack.samples.map(\.present), frames.map { !$0.present.isEmpty })
        let setup = try RenderSetup(sound: SoundDescription(mapper: ControlMapper()), sampleRate: 48_000,
                                    files: NoBackingFiles.self)
        let direct = setup.performance(of: OfflineInput.trace(of: frames, metadata: TraceMetadata(), hands: 1))
        let replayed = setup.performance(of: readBack)
        XCTAssertEqual(direct.totalFrames, replayed.totalFrames)
        let sound = render(direct)  // a performance plays once
        XCTAssertEqual(sound, render(replayed))
        XCTAssertGreaterThan(sound.map(abs).max() ?? 0, 0.1, "the hand is heard")
    }

    private func render(_ performance: PerformanceRender) -> [Float] {
        var left = [Float](repeating: 0, count: performance.totalFrames)
        var right = left
        left.withUnsafeMutableBufferPointer { l in
            right.withUnsafeMutableBufferPointer { r in
                guard let lb = l.baseAddress, let rb = r.baseAddress else { return }
                performance.mix.renderStereo(left: lb, right: rb, frames: performance.totalFrames)
            }
        }
        return left
    }
}

/// Counts calls from closures.
private final class Counter: @unchecked Sendable {
    private(set) var value = 0
    func add() { value += 1 }
}
