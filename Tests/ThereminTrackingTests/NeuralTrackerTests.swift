import Dispatch
import Foundation
import ThereminCore
import ThereminTracking
import ThereminVideo
import XCTest

/// The real models on real photographs from the corpus (skipped when the corpus or the models are absent).
final class NeuralTrackerTests: XCTestCase {
    /// Webcam-style photos where a hand is plainly visible.
    private let clearHands = [
        "hands_nogt/hagrid_four_07fdea90-1102-4419-a3af-b394cb29531b.jpg",
        "hands_nogt/hagrid_call_17b3aa02-dc4d-448d-8601-e2b67193d436.jpg",
        "hands_nogt/hagrid_none_0a4a8907-1950-4e43-9a03-1740e78224ef.jpg",
        "hands_nogt/hagrid_rock_0cc7ad09-ae5f-45a8-b264-4216176369b6.jpg",
        "hands_gt/freihand_00000355.jpg",
    ]

    private func stillTracker(mirrored: Bool = false) throws -> HandTracker {
        try HandTracker(models: try Fixtures.models(), options: TrackerOptions(mirrored: mirrored, mode: .stillImages))
    }

    func testFindsClearHands() throws {
        let tracker = try stillTracker()
        for path in clearHands {
            let hand = try tracker.track(try Fixtures.image(path))
            XCTAssertTrue(hand.primary.present, path)
            XCTAssertGreaterThan(hand.primary.confidence, 0.9, path)
            XCTAssertEqual(hand.primary.landmarks.count, 21, path)
            XCTAssertEqual(hand.primary.x, hand.primary.landmarks[8].x, path)
            XCTAssertTrue((0...1).contains(hand.primary.x) && (0...1).contains(hand.primary.y), path)
            XCTAssertNotNil(hand.primary.handedness, path)
            XCTAssertTrue(hand.detectorRan, path)
            let region = try XCTUnwrap(hand.primary.region, path)
            // The index fingertip lies inside the region the landmark model looked at.
            let dx = (hand.primary.x - region.centerX), dy = (hand.primary.y - region.centerY)
            XCTAssertLessThan(hypot(dx, dy), max(region.width, region.height), path)
        }
    }

    func testDepthIsRelativeToTheWrist() throws {
        let tracker = try stillTracker()
        for path in clearHands {
            let sample = try tracker.track(try Fixtures.image(path)).primary
            guard sample.landmarks.count == 21 else { XCTFail("no landmarks in \(path)"); continue }
            let depths = sample.landmarks.map(\.z)
            XCTAssertTrue(depths.allSatisfy(\.isFinite), "\(path): \(depths)")
            // The wrist is the origin; the hand's other joints are a hand's length or less from it, in x's units.
            XCTAssertLessThan(abs(depths[0]), 0.01, "\(path): wrist z \(depths[0])")
            let tip = try XCTUnwrap(sample.z, path)
            XCTAssertEqual(tip, depths[8])
            XCTAssertLessThan(abs(tip), 0.5, path)
            // A depth the model gave, not zeros: some joint lies off the wrist's plane.
            XCTAssertGreaterThan(depths.map(abs).max() ?? 0, 0.005, "\(path): \(depths)")
        }
    }

    func testNoHandOnFacesAndStreets() throws {
        let tracker = try stillTracker()
        let folder = try Fixtures.corpus().appendingPathComponent("negatives")
        let images = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".png") }
        XCTAssertGreaterThanOrEqual(images.count, 9)
        for name in images {
            let sample = try tracker.process(try Fixtures.image("negatives/\(name)"))
            XCTAssertFalse(sample.present, "false hand in negatives/\(name) at (\(sample.x), \(sample.y))")
        }
    }

    func testIndexTipErrorOnGroundTruth() throws {
        let tracker = try stillTracker()
        let folder = try Fixtures.corpus().appendingPathComponent("hands_gt")
        var errors: [Double] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).filter({ $0.hasSuffix(".jpg") }) {
            let frame = try Fixtures.image("hands_gt/\(name)")
            let sample = try tracker.process(frame)
            guard sample.present else { continue }
            let truth = try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.appendingPathComponent(name.replacingOccurrences(of: ".jpg", with: ".json"))))
            let hands = ((truth as? [String: Any])?["hands"] as? [[String: Any]]) ?? []
            // Match the tracked hand to the ground-truth hand whose labelled keypoints it is nearest, on average, if
            // that is within one palm length (wrist to middle knuckle); its error is the tip distance in palms.
            let (w, h) = (Double(frame.width), Double(frame.height))
            let candidates: [(mean: Double, error: Double)] = hands.compactMap { hand in
                guard let k = hand["keypoints"] as? [[Double]], k.count == 21, k[0][2] > 0, k[8][2] > 0, k[9][2] > 0
                else { return nil }
                let palm = hypot(k[0][0] - k[9][0], k[0][1] - k[9][1])
                let distances = (0..<21).filter { k[$0][2] > 0 }.map { i in
                    hypot(sample.landmarks[i].x * w - k[i][0], sample.landmarks[i].y * h - k[i][1])
                }
                let mean = distances.reduce(0, +) / Double(distances.count)
                guard mean <= palm else { return nil }
                return (mean, hypot(sample.x * w - k[8][0], sample.y * h - k[8][1]) / palm)
            }
            if let best = candidates.min(by: { $0.mean < $1.mean }) { errors.append(best.error) }
        }
        // MediaPipe itself matches 10 of the 28 labelled hands (the others are tiny or tightly cropped), with a median
        // tip error of 0.2 palm units; this one-hand tracker reports at most one hand per image.
        XCTAssertGreaterThanOrEqual(errors.count, 9, "hands matched: \(errors.count)")
        let median = errors.sorted()[errors.count / 2]
        XCTAssertLessThan(median, 0.25, "median tip error \(median) palm units over \(errors.count) hands")
    }

    func testTrackingRunsTheDetectorOnlyToAcquire() throws {
        let tracker = try HandTracker(models: try Fixtures.models(), options: TrackerOptions(mode: .video))
        let hand = try Fixtures.image(clearHands[0])
        let empty = try Fixtures.image("negatives/neg_mmpose_cofw_001766.jpg")

        let first = try tracker.track(hand)
        XCTAssertTrue(first.primary.present)
        XCTAssertTrue(first.detectorRan, "nothing tracked yet: the detector must run")
        let second = try tracker.track(hand)
        XCTAssertTrue(second.primary.present)
        XCTAssertFalse(second.detectorRan, "the hand is tracked from the previous landmarks")
        XCTAssertEqual(second.primary.x, first.primary.x, accuracy: 0.02)
        XCTAssertEqual(second.primary.y, first.primary.y, accuracy: 0.02)
        let lost = try tracker.track(empty)
        XCTAssertFalse(lost.primary.present)
        XCTAssertTrue(lost.detectorRan, "tracking failed: the detector looks for the hand again at once")
        XCTAssertTrue(try tracker.track(hand).detectorRan, "re-acquisition after a loss")
        tracker.reset()
        XCTAssertTrue(try tracker.track(hand).detectorRan, "reset forgets the hand")
    }

    func testTheNetworksRunsAndTheirCPUAreCounted() throws {
        let tracker = try HandTracker(models: try Fixtures.models(), options: TrackerOptions(mode: .video))
        let loaded = try XCTUnwrap(tracker.networkUse, "loading test-runs both networks")
        let hand = try Fixtures.image(clearHands[0])
        for _ in 0..<5 { _ = try tracker.track(hand) }
        let use = try XCTUnwrap(tracker.networkUse)
        XCTAssertGreaterThanOrEqual(use.landmarkRuns - loaded.landmarkRuns, 5, "a landmark run a frame at least")
        XCTAssertGreaterThanOrEqual(use.palmRuns - loaded.palmRuns, 1, "the first frame acquires the hand")
        XCTAssertGreaterThan(use.landmarkCPUSeconds, loaded.landmarkCPUSeconds, "the runs took CPU")
        XCTAssertGreaterThan(use.palmCPUSeconds, 0)
    }

    /// `--check`'s followed frame: one landmark run a frame and no palm detector, on any picture; the hands tracked
    /// are forgotten after it.
    func testTimingAFollowedFrameRunsTheLandmarkModelAlone() throws {
        let tracker = try HandTracker(models: try Fixtures.models(), options: TrackerOptions(mode: .video))
        let hand = try Fixtures.image(clearHands[0])
        XCTAssertTrue(try tracker.track(hand).primary.present)
        let before = try XCTUnwrap(tracker.networkUse)
        let milliseconds = try tracker.followCost(on: Fixtures.solidFrame(width: 640, height: 480, blue: 90, green: 120,
                                                                          red: 160), runs: 7)
        let after = try XCTUnwrap(tracker.networkUse)
        XCTAssertGreaterThan(milliseconds, 0)
        XCTAssertTrue(milliseconds.isFinite)
        XCTAssertEqual(after.landmarkRuns - before.landmarkRuns, 8, "seven timed and one to warm up")
        XCTAssertEqual(after.palmRuns, before.palmRuns, "a followed frame runs no palm detector")
        let next = try tracker.track(hand)
        XCTAssertTrue(next.primary.acquired, "the hand tracked before was forgotten")
        XCTAssertThrowsError(try tracker.followCost(on: Fixtures.solidFrame(width: 64, height: 48, blue: 0, green: 0, red: 0),
                                                    runs: 0))
    }

    /// A hand found afresh is looked at again until it settles; with a frame budget already spent, it is not, and the
    /// frame costs one look (the next frame refines from there).
    func testAFrameBudgetStopsTheLooksThatOnlyRefineALanding() throws {
        func landmarkRuns(budget: Double?, _ path: String) throws -> Int {
            let tracker = try HandTracker(models: try Fixtures.models(), options: TrackerOptions(mode: .video))
            if let budget { tracker.setFrameBudget(budget) }
            let before = try XCTUnwrap(tracker.networkUse).landmarkRuns
            XCTAssertTrue(try tracker.track(try Fixtures.image(path)).primary.present, path)
            return try XCTUnwrap(tracker.networkUse).landmarkRuns - before
        }
        var settled = false
        for path in clearHands {
            let free = try landmarkRuns(budget: nil, path)
            XCTAssertEqual(try landmarkRuns(budget: 1e-9, path), 1, "no refining look past the budget: \(path)")
            XCTAssertEqual(try landmarkRuns(budget: 10, path), free, "a budget not reached changes nothing: \(path)")
            settled = settled || free > 1
        }
        XCTAssertTrue(settled, "some landing was refined without a budget")
    }

    func testTheClassicalTrackerHasNoNetworks() throws {
        XCTAssertNil(try HandTracker(classicWithFaceCascade: nil).networkUse)
    }

    func testMirroredViewIsTheCameraViewFlipped() throws {
        let frame = try Fixtures.image(clearHands[1])
        let camera = try stillTracker(mirrored: false).track(frame)
        let selfie = try stillTracker(mirrored: true).track(frame)
        XCTAssertTrue(selfie.mirrored)
        XCTAssertEqual(selfie.primary.x, 1 - camera.primary.x, accuracy: 1e-6)
        XCTAssertEqual(selfie.primary.y, camera.primary.y, accuracy: 1e-6)
        XCTAssertEqual(selfie.primary.handedness, camera.primary.handedness)
        for (a, b) in zip(selfie.primary.landmarks, camera.primary.landmarks) {
            XCTAssertEqual(a.x, 1 - b.x, accuracy: 1e-6)
            XCTAssertEqual(a.z, b.z, "mirroring leaves depth as it is")
        }
    }

    func testHandednessIsThePlayersHand() throws {
        // MediaPipe labels this unmirrored photo "Left" (its labels assume a selfie image): the person's right hand.
        let frame = try Fixtures.image("hands_gt/freihand_00000355.jpg")
        let tracker = try stillTracker()
        let hand = try tracker.track(frame)
        XCTAssertEqual(hand.primary.handedness, .right)
        XCTAssertGreaterThan(hand.primary.handednessConfidence, 0.9)
        // The same photo flipped shows a left hand.
        let mirroredHand = try tracker.track(Fixtures.flippedHorizontally(frame))
        XCTAssertEqual(mirroredHand.primary.handedness, .left)
        XCTAssertEqual(mirroredHand.primary.x, 1 - hand.primary.x, accuracy: 0.03)
    }

    func testOneTrackerSharedBetweenThreads() throws {
        let tracker = try stillTracker()
        let frames = try clearHands.prefix(3).map { try Fixtures.image($0) }
        let expected = try frames.map { try tracker.process($0) }
        let results = Results(count: frames.count * 2)
        DispatchQueue.concurrentPerform(iterations: frames.count * 2) { i in
            results.set(i, (try? tracker.process(frames[i % frames.count])))
        }
        for i in 0..<frames.count * 2 {
            XCTAssertEqual(results.get(i), expected[i % frames.count], "result \(i)")
        }
    }

    /// A folder of unrelated pictures, as offline `--input` tracks it (ThereminSession's `OfflineInput` with the
    /// tracker reset between pictures): nothing leaks from one picture into the next.
    func testTrackingAFolderOfPicturesResettingBetweenThem() throws {
        let folder = try Fixtures.temporaryDirectory(for: self)
        let corpus = try Fixtures.corpus()
        for (index, path) in [clearHands[0], "negatives/neg_mmpose_cofw_001766.jpg", clearHands[2]].enumerated() {
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("\(index).jpg"),
                                                       withDestinationURL: corpus.appendingPathComponent(path))
        }
        let source = try ImageSource(path: folder.path, frameRate: 10)
        let tracker = try HandTracker(models: try Fixtures.models(), options: TrackerOptions(mode: .video))
        XCTAssertTrue(InputSource.framesAreIndependent(source))
        var samples: [HandSample] = []
        while let frame = try source.nextFrame() {
            tracker.reset()
            samples.append(try tracker.process(frame))
        }
        XCTAssertEqual(samples.map(\.present), [true, false, true])
        XCTAssertEqual(samples.map(\.t), [0, 0.1, 0.2])
    }
}

/// Results written by concurrent iterations, one slot each.
private final class Results: @unchecked Sendable {
    private var values: [HandSample?]
    private let lock = NSLock()
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ value: HandSample?) { lock.withLock { values[i] = value } }
    func get(_ i: Int) -> HandSample? { lock.withLock { values[i] } }
}
