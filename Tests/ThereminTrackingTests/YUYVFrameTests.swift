import Foundation
import ThereminCore
import ThereminTestSupport
import ThereminTracking
import XCTest

/// A camera's YUYV handed to the tracker as it came: the tracker reads its crops from it and must find what it finds
/// in the same picture converted (skipped when the corpus or the models are absent).
final class YUYVFrameTests: XCTestCase {
    private let photos = [
        "hands_nogt/hagrid_four_07fdea90-1102-4419-a3af-b394cb29531b.jpg",
        "hands_nogt/hagrid_call_17b3aa02-dc4d-448d-8601-e2b67193d436.jpg",
        "hands_nogt/hagrid_rock_0cc7ad09-ae5f-45a8-b264-4216176369b6.jpg",
        "hands_gt/freihand_00000355.jpg",
        "negatives/neg_mmpose_cofw_001766.jpg",
    ]
    private let encodings = [YCbCrEncoding(bt709: false, fullRange: false), YCbCrEncoding(bt709: true, fullRange: true)]

    func testAYUYVFrameIsTrackedAsItsPictureConverted() throws {
        let models = try Fixtures.models()
        for path in photos {
            for encoding in encodings {
                let yuyv = YUYVFrames.encode(try Fixtures.image(path), encoding)
                let converted = YUYVFrames.decode(yuyv)
                let fromYUYV = try HandTracker(models: models, options: TrackerOptions(mode: .stillImages)).track(yuyv)
                let fromBGR = try HandTracker(models: models, options: TrackerOptions(mode: .stillImages)).track(converted)
                let label = "\(path), \(encoding)"
                XCTAssertEqual(fromYUYV.primary.present, fromBGR.primary.present, label)
                guard fromYUYV.primary.present, fromBGR.primary.present else { continue }
                let dx = (fromYUYV.primary.x - fromBGR.primary.x) * Double(yuyv.width)
                let dy = (fromYUYV.primary.y - fromBGR.primary.y) * Double(yuyv.height)
                XCTAssertLessThan(hypot(dx, dy), 1, "fingertip in pixels, \(label)")
                XCTAssertEqual(fromYUYV.primary.confidence, fromBGR.primary.confidence, accuracy: 0.02, label)
            }
        }
        let negative = YUYVFrames.encode(try Fixtures.image(photos[4]), encodings[0])
        XCTAssertFalse(try HandTracker(models: models, options: TrackerOptions(mode: .stillImages)).track(negative)
            .primary.present, "no hand in a hand-free photo")
    }

    /// Following a hand from frame to frame reads the YUYV too (the motion search's cells, the crops it moves).
    func testAHandIsFollowedThroughYUYVFrames() throws {
        let models = try Fixtures.models()
        let tracker = try HandTracker(models: models, options: TrackerOptions(mode: .video))
        let photo = YUYVFrames.encode(try Fixtures.image(photos[0]), encodings[0])
        var detectorRuns = 0
        for sequence in 0..<5 {
            var frame = photo
            frame.sequence = UInt64(sequence)
            let tracked = try tracker.track(frame)
            XCTAssertTrue(tracked.primary.present, "frame \(sequence)")
            if tracked.detectorRan { detectorRuns += 1 }
        }
        XCTAssertEqual(detectorRuns, 1, "the palm detector finds the hand once, the landmarks follow it")
    }

    func testAYUYVFrameOfOddWidthIsRefused() throws {
        let tracker = try HandTracker(models: try Fixtures.models(), options: TrackerOptions(mode: .stillImages))
        var frame = Frame(width: 5, height: 4, bytesPerRow: 10, pixels: [UInt8](repeating: 128, count: 40),
                          captureTime: 0, sequence: 0)
        frame.layout = .yuyv(encodings[0])
        XCTAssertThrowsError(try tracker.track(frame)) { error in
            XCTAssertTrue("\(error)".contains("odd"), "\(error)")
        }
    }

    func testTheClassicTrackerReadsYUYVAsItsPictureConverted() throws {
        let options = TrackerOptions(mode: .stillImages)
        for path in photos.prefix(2) {
            let yuyv = YUYVFrames.encode(try Fixtures.image(path), encodings[0])
            let fromYUYV = try HandTracker(classicWithFaceCascade: nil, options: options).track(yuyv).primary
            let fromBGR = try HandTracker(classicWithFaceCascade: nil, options: options).track(YUYVFrames.decode(yuyv)).primary
            XCTAssertEqual(fromYUYV.present, fromBGR.present, path)
            if fromYUYV.present && fromBGR.present {
                XCTAssertEqual(fromYUYV.x, fromBGR.x, accuracy: 2.0 / Double(yuyv.width), path)
                XCTAssertEqual(fromYUYV.y, fromBGR.y, accuracy: 2.0 / Double(yuyv.height), path)
            }
        }
    }
}
