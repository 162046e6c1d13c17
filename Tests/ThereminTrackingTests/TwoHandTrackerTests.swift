import CHandTracker
import Foundation
import ThereminCore
import ThereminTracking
import ThereminVideo
import XCTest
import ThereminTestSupport

/// Following two hands (`maxHands` 2) with the real models on real pictures and clips from the corpus (skipped when
/// the corpus or the models are absent).
final class TwoHandTrackerTests: XCTestCase {
    /// Webcam photos of one person with one hand in view.
    private let oneHand = [
        "hands_nogt/hagrid_four_07fdea90-1102-4419-a3af-b394cb29531b.jpg",
        "hands_nogt/hagrid_call_17b3aa02-dc4d-448d-8601-e2b67193d436.jpg",
        "hands_nogt/hagrid_none_0a4a8907-1950-4e43-9a03-1740e78224ef.jpg",
        "hands_nogt/hagrid_rock_0cc7ad09-ae5f-45a8-b264-4216176369b6.jpg",
        "hands_gt/freihand_00000355.jpg",
    ]
    /// Webcam photos of one person facing the camera with both hands in view, each on its own side of the body.
    private let twoHands = [
        "hands_nogt/hagrid_call_17d804b5-7118-462d-8191-58d764f591b8.jpg",
        "hands_nogt/hagrid_call_0e022ee9-74fd-44fe-adad-60c11835e44f.jpg",
        "hands_nogt/hagrid_none_0a272153-56c7-42d5-a17d-cd307a1cd6d4.jpg",
    ]

    private func tracker(_ mode: TrackerOptions.Mode, maxHands: Int = 2, mirrored: Bool = true,
                         detectorInterval: Int = 5) throws -> HandTracker {
        try HandTracker(models: try Fixtures.models(),
                        options: TrackerOptions(mirrored: mirrored, mode: mode, maxHands: maxHands,
                                                detectorInterval: detectorInterval))
    }

    func testFindsBothHandsOfAPlayerFacingTheCamera() throws {
        let tracker = try tracker(.stillImages)
        for path in twoHands {
            let frame = try tracker.hands(in: try Fixtures.image(path))
            XCTAssertEqual(frame.hands.count, 2, path)
            let seen = frame.present
            XCTAssertEqual(seen.count, 2, path)
            guard seen.count == 2 else { continue }
            XCTAssertGreaterThan(hypot(seen[0].x - seen[1].x, seen[0].y - seen[1].y), 0.1, "\(path): one hand twice")
            XCTAssertEqual(Set(seen.compactMap(\.handedness)), [.left, .right], path)
            // In the selfie view the player's right hand is on the right, as in a mirror.
            let right = try XCTUnwrap(seen.first { $0.handedness == .right }, path)
            let left = try XCTUnwrap(seen.first { $0.handedness == .left }, path)
            XCTAssertGreaterThan(right.x, left.x, path)
            XCTAssertTrue(seen.allSatisfy { $0.landmarks.count == 21 && $0.confidence > 0.9 }, path)
        }
    }

    func testEachHandMatchesItsLabelledGroundTruth() throws {
        // One picture of a signer with both hands labelled: the _l and _r files are the same image, each with one
        // hand's keypoints. Camera view, like the labels.
        let name = "hands_gt/panoptic_ex2_2.flv_000040"
        let frame = try Fixtures.image("\(name)_l.jpg")
        let hands = try tracker(.stillImages, mirrored: false).hands(in: frame).present
        XCTAssertEqual(hands.count, 2)
        for (suffix, side) in [("l", Handedness.left), ("r", Handedness.right)] {
            let truth = try Fixtures.groundTruth("\(name)_\(suffix).json")
            let palm = hypot(truth[0].x - truth[9].x, truth[0].y - truth[9].y)
            let nearest = hands.min { meanDistance($0, truth, frame) < meanDistance($1, truth, frame) }
            let hand = try XCTUnwrap(nearest)
            XCTAssertLessThan(meanDistance(hand, truth, frame), 0.5 * palm, "the \(side) hand")
            XCTAssertEqual(hand.handedness, side, "the hand labelled \(side)")
        }
    }

    func testAHandAndItsMirrorImageAreTwoHands() throws {
        // A photo beside its own mirror image: two hands placed symmetrically, one left and one right.
        let photo = try Fixtures.image(oneHand[0])
        let frame = Fixtures.sideBySide(photo, Fixtures.flippedHorizontally(photo))
        let hands = try tracker(.stillImages).hands(in: frame).present
        XCTAssertEqual(hands.count, 2)
        guard hands.count == 2 else { return }
        XCTAssertEqual(hands[0].x, 1 - hands[1].x, accuracy: 0.02, "mirror-symmetric positions")
        XCTAssertEqual(hands[0].y, hands[1].y, accuracy: 0.02)
        XCTAssertGreaterThan(abs(hands[0].x - hands[1].x), 0.2)
        XCTAssertNotNil(hands[0].handedness)
        XCTAssertNotNil(hands[1].handedness)
        XCTAssertNotEqual(hands[0].handedness, hands[1].handedness)
    }

    func testOneHandPhotosGiveOneHandAndNegativesNone() throws {
        let tracker = try tracker(.stillImages)
        for path in oneHand {
            let frame = try tracker.hands(in: try Fixtures.image(path))
            XCTAssertEqual(frame.hands.count, 2, path)
            XCTAssertEqual(frame.present.count, 1, path)
        }
        let folder = try Fixtures.corpus().appendingPathComponent("negatives")
        let images = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".png") }
        XCTAssertGreaterThanOrEqual(images.count, 9)
        for name in images {
            let seen = try tracker.hands(in: try Fixtures.image("negatives/\(name)")).present
            XCTAssertTrue(seen.isEmpty, "false hand in negatives/\(name) at \(seen.map { ($0.x, $0.y) })")
        }
    }

    func testATrackedHandIsNotFoundAgainAsASecondHand() throws {
        // The detector runs on every frame (interval 1) and sees the tracked hand's palm each time: it must not be
        // taken for a second hand.
        let tracker = try tracker(.video, detectorInterval: 1)
        let photo = try Fixtures.image(oneHand[1])
        for index in 0..<6 {
            let tracked = try tracker.track(photo)
            XCTAssertEqual(tracked.hands.present.count, 1, "frame \(index)")
            XCTAssertTrue(tracked.hands.hands[0].present, "the hand keeps slot 0 (frame \(index))")
            XCTAssertTrue(tracked.detectorRan, "interval 1: the detector looks for a second hand every frame")
        }
    }

    func testWithOneHandTrackedTheDetectorRunsEveryNthFrame() throws {
        let tracker = try tracker(.video, detectorInterval: 5)
        let photo = try Fixtures.image(oneHand[0])
        var ran: [Bool] = []
        for _ in 0..<11 {
            let tracked = try tracker.track(photo)
            XCTAssertEqual(tracked.hands.present.count, 1)
            ran.append(tracked.detectorRan)
        }
        XCTAssertEqual(ran, [true, false, false, false, false, true, false, false, false, false, true])
        // With one hand wanted, a tracked hand stops the detector altogether.
        let single = try self.tracker(.video, maxHands: 1)
        let singleRan = try (0..<6).map { _ in try single.track(photo).detectorRan }
        XCTAssertEqual(singleRan, [true, false, false, false, false, false])
    }

    func testSignerClipHandsKeepTheirSlotsAndSides() throws {
        let source = try signerClip()
        let tracker = try tracker(.video)
        var previous: [HandSample]?
        var index = 0, framesWithBoth = 0, followed = 0, raised = 0
        while let image = try source.nextFrame() {
            defer { index += 1 }
            let tracked = try tracker.track(image)
            let hands = tracked.hands.hands
            XCTAssertEqual(hands.count, 2)
            if hands.allSatisfy(\.present) {
                framesWithBoth += 1
                let (a, b) = (hands[0], hands[1])
                XCTAssertGreaterThan(hypot(a.x - b.x, a.y - b.y), 0.05, "one hand twice in frame \(index)")
            }
            // A hand followed from the previous frame (not newly acquired) stays in its slot: it moves little.
            for slot in 0..<2 {
                let hand = hands[slot]
                XCTAssertFalse(hand.acquired && !tracked.detectorRan, "only the detector acquires hands")
                guard let before = previous?[slot], before.present, hand.present, !hand.acquired
                else { continue }
                followed += 1
                XCTAssertLessThan(hypot(before.x - hand.x, before.y - hand.y), 0.15,
                                  "slot \(slot) jumped in frame \(index)")
            }
            previous = hands
            // Frames 56 to 64 (2.24 to 2.56 s): both hands raised, palms forward, one each side of the face. The
            // player's right hand plays pitch.
            if (56...64).contains(index) {
                let frame = tracked.hands
                XCTAssertEqual(frame.present.count, 2, "frame \(index)")
                guard frame.present.count == 2 else { continue }
                let roles = HandRoles.assign(frame.hands, leftHanded: false)
                XCTAssertEqual(roles.pitch?.handedness, .right, "frame \(index)")
                XCTAssertEqual(roles.volume?.handedness, .left, "frame \(index)")
                XCTAssertGreaterThan((roles.pitch?.x ?? 0) - (roles.volume?.x ?? 1), 0.3, "right hand on the right")
                raised += 1
            }
        }
        XCTAssertEqual(raised, 9)
        XCTAssertGreaterThanOrEqual(framesWithBoth, 12)
        XCTAssertGreaterThanOrEqual(followed, 20)
    }

    func testOneHandModeIsUnchanged() throws {
        // maxHands 1 (the default): the one slot is exactly the hand process reports, frame by frame.
        XCTAssertEqual(TrackerOptions().maxHands, 1)
        let clip = try TestMedia.requireSelfieClip()
        let single = try tracker(.video, maxHands: 1)
        let hands = try tracker(.video, maxHands: 1)
        let source = try VideoFileSource(path: clip.path)
        var count = 0
        while let image = try source.nextFrame(), count < 60 {
            XCTAssertEqual(try hands.hands(in: image), HandsFrame(try single.process(image)), "frame \(count)")
            count += 1
        }
        XCTAssertEqual(count, 60)
    }

    func testTheFirstPresentHandIsWhatOneHandCallsReport() throws {
        let tracker = try tracker(.stillImages)
        let photo = try Fixtures.image(twoHands[0])
        let all = try tracker.hands(in: photo)
        XCTAssertEqual(try tracker.process(photo), all.hands.first(where: \.present))
    }

    func testTheClassicalTrackerReportsOneSlotFilled() throws {
        let tracker = try HandTracker(classicWithFaceCascade: nil, options: TrackerOptions(maxHands: 2))
        let frame = try tracker.hands(in: try Fixtures.image(twoHands[0]))
        XCTAssertEqual(frame.hands.count, 2)
        XCTAssertFalse(frame.hands[1].present)
    }

    func testTheSearchAndReleaseRequestsOfThePlayerLock() throws {
        // Both hands of one picture, tracked as video with room for three.
        let tracker = try tracker(.video, maxHands: 3)
        let picture = try Fixtures.image(twoHands[0])
        let first = try tracker.track(picture)
        XCTAssertEqual(first.hands.hands.count, 3)
        XCTAssertEqual(first.hands.present.count, 2)
        // Let the second go and look for nothing new: the next frame follows one hand and runs no detector.
        let second = try XCTUnwrap(first.hands.hands.indices.last { first.hands.hands[$0].present })
        tracker.search(HandSearch(hands: 2, detectorInterval: 1_000_000, release: [second]))
        let alone = try tracker.track(picture)
        XCTAssertEqual(alone.hands.present.count, 1)
        XCTAssertFalse(alone.hands.slot(second).present)
        XCTAssertEqual(alone.detectorPasses, 0)
        // Look again on every frame, closely around the released hand: found afresh in the next frame.
        let lost = first.hands.slot(second)
        tracker.search(HandSearch(hands: 2, detectorInterval: 1, focus: HandSearch.Focus(x: lost.x, y: lost.y, side: 0.5)))
        let again = try tracker.track(picture)
        XCTAssertEqual(again.hands.present.count, 2)
        XCTAssertTrue(again.hands.present.contains { $0.acquired && hypot($0.x - lost.x, $0.y - lost.y) < 0.05 })
        XCTAssertGreaterThanOrEqual(again.detectorPasses, 2, "the whole frame and the square around the focus")
    }

    func testOptionsOutOfRangeAreRefused() throws {
        let models = try Fixtures.models()
        let tooMany = TrackerOptions.maxHandsRange.upperBound + 1
        for options in [TrackerOptions(maxHands: 0), TrackerOptions(maxHands: tooMany), TrackerOptions(detectorInterval: 0)] {
            XCTAssertThrowsError(try HandTracker(models: models, options: options)) { error in
                let error = error as? TrackerError
                XCTAssertEqual(error?.kind, .invalidOptions)
                XCTAssertFalse(error?.isModelProblem ?? true)
            }
            XCTAssertThrowsError(try HandTracker(classicWithFaceCascade: nil, options: options))
        }
    }

    func testTheCLibraryChecksOptionsAndRoomForTheHands() throws {
        let models = try Fixtures.models()
        var message = [CChar](repeating: 0, count: 256)
        var options = th_default_options()
        XCTAssertEqual(options.max_hands, 1)
        options.max_hands = TH_MAX_HANDS + 1
        var handle: OpaquePointer?
        XCTAssertEqual(th_tracker_create(models.palmDetector, models.handLandmarks, &options, &handle, &message, 256),
                       TH_ERROR_INVALID_ARGUMENT)
        XCTAssertNil(handle)
        XCTAssertTrue(text(message).contains("max_hands \(TH_MAX_HANDS + 1)"), text(message))

        options.max_hands = 2
        XCTAssertEqual(th_tracker_create(models.palmDetector, models.handLandmarks, &options, &handle, &message, 256),
                       TH_OK)
        let tracker = try XCTUnwrap(handle)
        defer { th_tracker_destroy(tracker) }
        let frame = Fixtures.solidFrame(width: 64, height: 48, blue: 90, green: 120, red: 160)
        var hands = [th_hand](repeating: th_hand(), count: 2)
        var count: Int32 = -1
        XCTAssertEqual(th_tracker_process_hands_bgr(tracker, frame.pixels, 64, 48, 64 * 3, &hands, 1, &count,
                                                    &message, 256), TH_ERROR_INVALID_ARGUMENT)
        XCTAssertEqual(count, 0)
        XCTAssertTrue(text(message).contains("room for 1"), text(message))
        XCTAssertEqual(th_tracker_process_hands_bgr(tracker, frame.pixels, 64, 48, 64 * 3, &hands, 2, &count,
                                                    &message, 256), TH_OK)
        XCTAssertEqual(count, 2)
        XCTAssertEqual(hands.map(\.present), [0, 0])
    }

    /// What `TrackedFrame` reads from slot 0 alone (the detector count, the view) is the same in every slot.
    func testEverySlotOfAFrameCarriesTheSameDetectorCountAndView() throws {
        let models = try Fixtures.models()
        var options = th_default_options()
        options.max_hands = 2
        options.detector_interval = 5
        var handle: OpaquePointer?
        XCTAssertEqual(th_tracker_create(models.palmDetector, models.handLandmarks, &options, &handle, nil, 0), TH_OK)
        let tracker = try XCTUnwrap(handle)
        defer { th_tracker_destroy(tracker) }
        let photo = try Fixtures.image(oneHand[0])
        var ran: [Int32] = []
        for index in 0..<11 {
            var hands = [th_hand](repeating: th_hand(), count: 2)
            var count: Int32 = 0
            XCTAssertEqual(th_tracker_process_hands_bgr(tracker, photo.pixels, Int32(photo.width), Int32(photo.height),
                                                        photo.bytesPerRow, &hands, 2, &count, nil, 0), TH_OK)
            XCTAssertEqual(count, 2)
            XCTAssertEqual(hands.map(\.present), [1, 0], "frame \(index)")
            XCTAssertEqual(Set(hands.map(\.detector_ran)).count, 1, "one detector count per frame (\(index))")
            XCTAssertEqual(hands.map(\.mirrored), [1, 1], "frame \(index)")
            ran.append(hands[0].detector_ran)
        }
        XCTAssertEqual(ran.map { $0 > 0 }, [true, false, false, false, false, true, false, false, false, false, true])
    }

    // MARK: helpers

    /// The text of a NUL-terminated message buffer.
    private func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The signer clip (25 fps), or skips.
    private func signerClip() throws -> VideoFileSource {
        let clip = try Fixtures.corpus().appendingPathComponent("video/signer_dobrii_den_clean.mp4")
        guard FileManager.default.fileExists(atPath: clip.path) else {
            throw XCTSkip("signer clip absent at \(clip.path)")
        }
        return try VideoFileSource(path: clip.path)
    }

    /// Mean distance in pixels between a tracked hand's landmarks and labelled keypoints.
    private func meanDistance(_ hand: HandSample, _ truth: [(x: Double, y: Double)], _ frame: Frame) -> Double {
        let (w, h) = (Double(frame.width), Double(frame.height))
        let distances = zip(hand.landmarks, truth).map { hypot($0.x * w - $1.x, $0.y * h - $1.y) }
        return distances.reduce(0, +) / Double(max(distances.count, 1))
    }
}
