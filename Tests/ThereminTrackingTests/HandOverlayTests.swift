import ThereminCore
import ThereminTracking
import XCTest

/// Drawing a hand onto a frame.
final class HandOverlayTests: XCTestCase {
    private func litPixels(_ frame: Frame, x: Range<Int>, y: Range<Int>) -> Int {
        var count = 0
        for row in y {
            for column in x {
                let i = row * frame.bytesPerRow + column * 3
                if frame.pixels[i] != 0 || frame.pixels[i + 1] != 0 || frame.pixels[i + 2] != 0 { count += 1 }
            }
        }
        return count
    }

    private func hand(x: Double, y: Double, landmarks: [NormalizedPoint] = []) -> HandSample {
        HandSample(t: 0, x: x, y: y, present: true, landmarks: landmarks)
    }

    func testFingertipMarkerLandsWhereTheFingertipIs() throws {
        var frame = Fixtures.solidFrame(width: 200, height: 100, blue: 0, green: 0, red: 0)
        try HandOverlay.draw(hand(x: 0.25, y: 0.5), mirrored: false, on: &frame, frameIsMirrored: false)
        XCTAssertGreaterThan(litPixels(frame, x: 45..<56, y: 45..<56), 0)
        XCTAssertEqual(litPixels(frame, x: 100..<200, y: 0..<100), 0)
    }

    func testMirroredCoordinatesOnAnUnmirroredFrameAreFlipped() throws {
        var frame = Fixtures.solidFrame(width: 200, height: 100, blue: 0, green: 0, red: 0)
        // x = 0.25 in the selfie view is x = 0.75 in the camera's view.
        try HandOverlay.draw(hand(x: 0.25, y: 0.5), mirrored: true, on: &frame, frameIsMirrored: false)
        XCTAssertGreaterThan(litPixels(frame, x: 145..<156, y: 45..<56), 0)
        XCTAssertEqual(litPixels(frame, x: 0..<100, y: 0..<100), 0)
    }

    func testSkeletonIsDrawnBetweenLandmarks() throws {
        var frame = Fixtures.solidFrame(width: 200, height: 200, blue: 0, green: 0, red: 0)
        // All joints on a vertical line at x = 0.5 from y = 0.9 (wrist) up to y = 0.1.
        let landmarks = (0..<21).map { NormalizedPoint(x: 0.5, y: 0.9 - 0.8 * Double($0) / 20) }
        try HandOverlay.draw(hand(x: 0.5, y: 0.5, landmarks: landmarks), mirrored: false, on: &frame,
                             frameIsMirrored: false)
        XCTAssertGreaterThan(litPixels(frame, x: 97..<104, y: 20..<40), 0)   // a bone far from the fingertip marker
        XCTAssertEqual(litPixels(frame, x: 0..<60, y: 0..<200), 0)
    }

    func testAbsentHandDrawsNothing() throws {
        var frame = Fixtures.solidFrame(width: 64, height: 48, blue: 0, green: 0, red: 0)
        try HandOverlay.draw(HandSample.absent(at: 0), mirrored: true, on: &frame, frameIsMirrored: true)
        XCTAssertEqual(litPixels(frame, x: 0..<64, y: 0..<48), 0)
    }
}
