import Foundation
import XCTest
import ThereminCore
import ThereminSession
import ThereminTestSupport

/// Offline `--input` from first frame to last file through the ports: tracked, recorded and rendered in that order;
/// a failure leaves neither output behind.
final class OfflineRunTests: XCTestCase {
    /// A hand at the top (440 Hz) in every frame but the third.
    private let hand = HandTrackingFunction { frame in
        HandsFrame(HandSample(t: frame.captureTime, x: 1, y: 0, present: frame.sequence != 2))
    }

    func testTheRunTracksRecordsThenRenders() throws {
        let folder = try temporaryFolder(prefix: "offline-run")
        let path = folder.path("take.csv")
        var run = OfflineRun(input: OfflineInput(source: ScriptedFrameSource(count: 30), name: "clip.mp4", tracker: hand),
                             metadata: TraceMetadata(), hands: 1)
        run.recording = try TraceWriter(path: path, metadata: TraceMetadata())
        let destination = MemoryRenderDestination()
        let sound = SoundDescription(mapper: ControlMapper())
        run.render = (try RenderSetup(sound: sound, sampleRate: 48_000, files: NoBackingFiles.self), destination)
        var steps: [String] = []
        let result = try run.run(tracking: { steps.append("frame \($0)") }, tracked: { steps.append("tracked") },
                                 rendering: { _ in steps.append("rendering") })
        XCTAssertEqual(steps.prefix(31), ArraySlice((1...30).map { "frame \($0)" } + ["tracked"]))
        XCTAssertEqual(steps.last, "rendering", "the sound comes last")
        XCTAssertEqual(result.frames, 30)
        XCTAssertEqual(result.framesWithHand, 29)
        XCTAssertEqual(try TraceReader.read(path: path).samples.map(\.present), result.trace.samples.map(\.present),
                       "the recording is the performance rendered")
        XCTAssertEqual(result.renderedSeconds ?? 0, Double(destination.left.count) / 48_000, accuracy: 1e-9)
        XCTAssertEqual(SignalMeasurements.steadyFrequency(destination.left[19_200..<38_400], sampleRate: 48_000).frequency ?? 0,
                       440, accuracy: 1)
        XCTAssertFalse(destination.discarded)
    }

    func testAFailureLeavesNeitherOutputBehind() throws {
        let folder = try temporaryFolder(prefix: "offline-run")
        let path = folder.path("take.csv")
        var run = OfflineRun(input: OfflineInput(source: ScriptedFrameSource(times: []), name: "empty.mp4", tracker: hand),
                             metadata: TraceMetadata(), hands: 1)
        let recording = try TraceWriter(path: path, metadata: TraceMetadata())
        run.recording = recording
        XCTAssertTrue(FileManager.default.fileExists(atPath: recording.temporaryPath), "written under a temporary name")
        let destination = MemoryRenderDestination()
        run.render = (try RenderSetup(sound: SoundDescription(mapper: ControlMapper()), sampleRate: 48_000,
                                      files: NoBackingFiles.self), destination)
        XCTAssertThrowsError(try run.run()) { XCTAssertEqual($0 as? NoFramesToTrack, NoFramesToTrack(input: "empty.mp4")) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: recording.temporaryPath), "the trace is discarded")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        XCTAssertTrue(destination.discarded, "and so is the sound")
    }

    func testOpeningTheOutputsTakesAFreeTraceNameAndSaysSo() throws {
        let folder = try temporaryFolder(prefix: "offline-run")
        let asked = folder.path("take.csv")
        try Data("older\n".utf8).write(to: URL(fileURLWithPath: asked))
        var named: [String] = []
        let input = OfflineInput(source: ScriptedFrameSource(count: 10), name: "clip.mp4", tracker: hand)
        let run = try OfflineRun(input: input, metadata: TraceMetadata(), hands: 1, recordingAs: asked,
                                 named: { named.append($0) }, render: nil)
        let result = try run.run()
        let free = folder.path("take-1.csv")
        XCTAssertEqual(named, [free])
        XCTAssertEqual(try TraceReader.read(path: free).samples.count, 10)
        XCTAssertEqual(result.summary(input: "clip.mp4", output: nil),
                       "tracked 10 frames from clip.mp4, hand in 9; trace \(free) (\(asked) exists)")
    }

    func testARenderThatCannotBeOpenedTakesTheTraceWithIt() throws {
        let folder = try temporaryFolder(prefix: "offline-run")
        let asked = folder.path("take.csv")
        struct Unopenable: Error {}
        XCTAssertThrowsError(try OfflineRun(input: OfflineInput(source: ScriptedFrameSource(count: 10), name: "clip.mp4",
                                                                tracker: hand),
                                            metadata: TraceMetadata(), hands: 1, recordingAs: asked, named: { _ in },
                                            render: { throw Unopenable() })) { XCTAssertTrue($0 is Unopenable) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.url.path), [], "no trace, no temporary")
    }

    func testTheSummarySaysWhatWasMade() throws {
        let input = OfflineInput(source: ScriptedFrameSource(count: 30), name: "clip.mp4", tracker: hand)
        let run = try OfflineRun(input: input, metadata: TraceMetadata(), hands: 1, recordingAs: nil, named: { _ in },
                                 render: {
                                     (try RenderSetup(sound: SoundDescription(mapper: ControlMapper()), sampleRate: 48_000,
                                                      files: NoBackingFiles.self), MemoryRenderDestination())
                                 })
        let result = try run.run()
        XCTAssertEqual(result.summary(input: "clip.mp4", output: "out.wav"),
                       String(format: "tracked 30 frames from clip.mp4, hand in 29; sound out.wav (%.1f s)",
                              result.renderedSeconds ?? -1))
        XCTAssertNil(result.tracePath)
    }
}
