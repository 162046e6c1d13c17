import Foundation
import XCTest
import ThereminCore
import ThereminSession
import ThereminTestSupport

/// Live play and offline tracking follow the same hand (`HandsFrame.primary`) in the same frames: the tracking loop
/// and an offline run over one scripted tracker record, map and render the same performance, also where the
/// tracker's first slot is empty and its second holds the hand.
final class PrimaryHandTests: XCTestCase {
    private let frameCount = 24

    /// Two slots: the first holds a hand high on the left in even frames only, the second a hand lower on the right
    /// in every frame but the last three (so those frames have no hand at all).
    private func slots(_ frame: Frame) -> HandsFrame {
        let index = Int(frame.sequence)
        let first = HandSample(t: frame.captureTime, x: 0.3, y: 0.2 + 0.01 * Double(index), present: index % 2 == 0)
        let second = HandSample(t: frame.captureTime, x: 0.8, y: 0.6 + 0.005 * Double(index),
                                present: index < frameCount - 3)
        return HandsFrame(t: frame.captureTime, hands: [first.present ? first : .absent(at: frame.captureTime), second])
    }

    /// The hand each frame should be played from: slot 0's where it is seen, else slot 1's, else none.
    private func expected(_ index: Int) -> (x: Double, y: Double)? {
        if index % 2 == 0 { return (0.3, 0.2 + 0.01 * Double(index)) }
        return index < frameCount - 3 ? (0.8, 0.6 + 0.005 * Double(index)) : nil
    }

    private func assertFollowsThePrimaryHand(_ samples: [HandSample], _ what: String,
                                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(samples.count, frameCount, what, file: file, line: line)
        for (index, sample) in samples.enumerated() {
            guard let hand = expected(index) else {
                XCTAssertFalse(sample.present, "\(what), frame \(index): no hand", file: file, line: line)
                continue
            }
            XCTAssertTrue(sample.present, "\(what), frame \(index)", file: file, line: line)
            XCTAssertEqual(sample.x, hand.x, accuracy: 1e-5, "\(what), frame \(index)", file: file, line: line)
            XCTAssertEqual(sample.y, hand.y, accuracy: 1e-5, "\(what), frame \(index)", file: file, line: line)
        }
    }

    func testLiveAndOfflineFollowTheSameHand() throws {
        let folder = try temporaryFolder(prefix: "primary-hand")

        // Live: the tracking loop over scripted frames, recording, its controls collected as sent.
        let liveRecording = try TraceWriter(path: folder.path("live.csv"), metadata: TraceMetadata())
        let renderer = LiveRenderer(engine: SynthEngine(sampleRate: 48_000, voice: VoiceSettings()))
        let loop = TrackingLoop(source: ScriptedFrameSource(count: frameCount), tracker: HandTrackingFunction(slots),
                                isTransient: { _ in false }, mapper: ControlMapper(), renderer: renderer,
                                recorder: liveRecording)
        loop.start()
        XCTAssertTrue(waitUntil(timeout: 30) { loop.hasEnded }, "the loop ends with its source")
        loop.stop()
        try liveRecording.finish()
        var liveControls: [Control] = []
        while let control = renderer.controls.pop() { liveControls.append(control) }

        // Offline: the same frames and tracker through an offline run, recording.
        var run = OfflineRun(input: OfflineInput(source: ScriptedFrameSource(count: frameCount), name: "clip.mp4",
                                                 tracker: HandTrackingFunction(slots)),
                             metadata: TraceMetadata(), hands: 1)
        let offlineRecording = try TraceWriter(path: folder.path("offline.csv"), metadata: TraceMetadata())
        run.recording = offlineRecording
        let result = try run.run()

        assertFollowsThePrimaryHand(try TraceReader.read(path: folder.path("live.csv")).samples, "live recording")
        assertFollowsThePrimaryHand(try TraceReader.read(path: folder.path("offline.csv")).samples, "offline recording")
        assertFollowsThePrimaryHand(result.trace.samples, "offline performance (what is rendered)")

        // The controls the rendered performance is made of are the ones live play sent.
        var mapper = ControlMapper()
        let offlineControls = result.trace.frames.map { mapper.control(for: $0) }
        XCTAssertEqual(liveControls.count, frameCount)
        XCTAssertEqual(liveControls.map(\.gate), offlineControls.map(\.gate))
        for (live, offline) in zip(liveControls, offlineControls) {
            XCTAssertEqual(live.frequency, offline.frequency, accuracy: 0.01)
            XCTAssertEqual(live.amplitude, offline.amplitude, accuracy: 1e-4)
        }
    }
}
