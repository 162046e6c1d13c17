import ThereminCore
import ThereminTestSupport
import ThereminTracking
import XCTest

/// A hand that leaps between two frames is found where it landed in the first frame after the leap: the landmark
/// model, shown the hand far off the centre of the crop the last frame gave, pulls it back towards that centre, so
/// the tracker looks again, centred (`HandPipeline::follow`).
final class LeapFollowingTests: XCTestCase {
    /// A 640x480 window of the photo, `top` rows down a 640x600 picture of it: moving the window up moves the hand
    /// down in the frame.
    private func window(_ picture: Frame, top: Int, sequence: UInt64) -> Frame {
        let height = 480, stride = picture.bytesPerRow
        let pixels = Array(picture.pixels[(top * stride)..<((top + height) * stride)])
        return Frame(width: picture.width, height: height, bytesPerRow: stride, pixels: pixels,
                     captureTime: Double(sequence) / 60, sequence: sequence)
    }

    func testALeapLandsInItsFirstFrame() throws {
        let photo = try Fixtures.image("hands_nogt/hagrid_four_07fdea90-1102-4419-a3af-b394cb29531b.jpg")
        let picture = FrameResize.resized(photo, width: 640, height: 600, fit: .cover)
        for (from, to) in [(108, 60), (60, 108), (60, 12), (12, 60)] {  // the hand 48 px down and up
            let tracker = try HandTracker(models: try Fixtures.models(), options: TrackerOptions(mode: .video))
            var sequence: UInt64 = 0
            func track(top: Int) throws -> HandSample {
                sequence += 1
                return try tracker.process(window(picture, top: top, sequence: sequence))
            }
            for _ in 0..<8 { _ = try track(top: from) }
            let landing = try track(top: to)
            var settled = landing
            for _ in 0..<8 { settled = try track(top: to) }
            XCTAssertTrue(landing.present && settled.present)
            // 0.003 is 1.4 pixels (about 3 cents at the default range); the first look alone was
            // 5-7 pixels short.
            XCTAssertEqual(landing.y, settled.y, accuracy: 0.003, "leap from row \(from) to \(to)")
            XCTAssertEqual(settled.y - (try track(top: to)).y, 0, accuracy: 0.002, "a still hand stays put")
        }
    }
}
