import ThereminCore
import ThereminTestSupport
import ThereminTracking
import XCTest

/// A hand that leaps between two frames is found where it landed in the first frame after the leap. The landmark
/// model, shown the hand far off the centre of the crop the last frame gave, pulls it back towards that centre, so the
/// tracker looks again, centred (`HandPipeline::follow`). A leap further than the crop is followed by where the
/// picture around the hand went (`MotionSearch`), without the palm detector. A hand found afresh by the palm detector
/// is looked at again from its own landmarks until it stops moving (`HandPipeline::settle`).
final class LeapFollowingTests: XCTestCase {
    /// A 640x480 window of the photo, `top` rows down a 640x600 picture of it: moving the window up moves the hand
    /// down in the frame.
    private func window(_ picture: Frame, top: Int, sequence: UInt64) -> Frame {
        let height = 480, stride = picture.bytesPerRow
        let pixels = Array(picture.pixels[(top * stride)..<((top + height) * stride)])
        return Frame(width: picture.width, height: height, bytesPerRow: stride, pixels: pixels,
                     captureTime: Double(sequence) / 60, sequence: sequence)
    }

    /// Tracks the hand still in the window at row `from` for 8 frames, then (after `gap` frames of a plain grey
    /// wall, the hand gone) in the window at row `to`: the landing frame, the frame after 8 more there, and one more.
    private func leap(from: Int, to: Int, gap: Int = 0, in picture: Frame) throws
        -> (landing: TrackedFrame, settled: HandSample, next: HandSample) {
        let tracker = try HandTracker(models: try Fixtures.models(), options: TrackerOptions(mode: .video))
        var sequence: UInt64 = 0
        func track(top: Int) throws -> TrackedFrame {
            sequence += 1
            return try tracker.track(window(picture, top: top, sequence: sequence))
        }
        for _ in 0..<8 { _ = try track(top: from) }
        for _ in 0..<gap {
            sequence += 1
            let wall = Frame(width: picture.width, height: 480, bytesPerRow: picture.bytesPerRow,
                             pixels: [UInt8](repeating: 128, count: picture.bytesPerRow * 480),
                             captureTime: Double(sequence) / 60, sequence: sequence)
            XCTAssertFalse(try tracker.track(wall).primary.present, "a grey wall holds no hand")
        }
        let landing = try track(top: to)
        var settled = landing.primary
        for _ in 0..<8 { settled = try track(top: to).primary }
        return (landing, settled, try track(top: to).primary)
    }

    private func picture() throws -> Frame {
        let photo = try Fixtures.image("hands_nogt/hagrid_four_07fdea90-1102-4419-a3af-b394cb29531b.jpg")
        return FrameResize.resized(photo, width: 640, height: 600, fit: .cover)
    }

    func testALeapLandsInItsFirstFrame() throws {
        let picture = try picture()
        for (from, to) in [(108, 60), (60, 108), (60, 12), (12, 60)] {  // the hand 48 px down and up
            let (landing, settled, next) = try leap(from: from, to: to, in: picture)
            XCTAssertTrue(landing.primary.present && settled.present)
            // 0.003 is 1.4 pixels (about 3 cents at the default range); the first look alone was
            // 5-7 pixels short.
            XCTAssertEqual(landing.primary.y, settled.y, accuracy: 0.003, "leap from row \(from) to \(to)")
            XCTAssertEqual(settled.y - next.y, 0, accuracy: 0.002, "a still hand stays put")
        }
    }

    func testALeapFurtherThanItsCropIsFollowedWithoutThePalmDetector() throws {
        let picture = try picture()
        for (from, to) in [(108, 12), (12, 108), (114, 18)] {  // a fifth of the picture between two frames
            let (landing, settled, _) = try leap(from: from, to: to, in: picture)
            let hand = landing.primary
            XCTAssertTrue(hand.present && settled.present, "leap from row \(from) to \(to)")
            // Found afresh (the palm detector and four or five looks), the landing frame cost 5-10 followed frames,
            // heard as a late landing; or it was followed to a wrong pose in the old crop.
            XCTAssertFalse(hand.acquired, "leap from row \(from) to \(to) was not followed")
            XCTAssertFalse(landing.detectorRan, "leap from row \(from) to \(to) ran the palm detector")
            // 0.0015 is 0.7 pixels (about 1.5 cents).
            XCTAssertEqual(hand.y, settled.y, accuracy: 0.0015, "leap from row \(from) to \(to)")
        }
    }

    func testAHandFoundAfreshLandsInItsFirstFrame() throws {
        let picture = try picture()
        for (from, to) in [(108, 12), (12, 108), (60, 60)] {
            let (landing, settled, _) = try leap(from: from, to: to, gap: 1, in: picture)
            let hand = landing.primary
            XCTAssertTrue(hand.present && settled.present, "from row \(from) to \(to) after a frame without it")
            XCTAssertTrue(hand.acquired, "from row \(from) to \(to): a hand that was gone is found afresh")
            // Found from the palm's region alone, the landing was 0.8-0.9 pixels short.
            XCTAssertEqual(hand.y, settled.y, accuracy: 0.0015, "from row \(from) to \(to) after a frame without it")
        }
    }
}
