import ThereminCore
import ThereminPreview
import XCTest

/// Drawing a tracked hand straight from the session's hand type (`Canvas.hand`).
final class CanvasHandTests: XCTestCase {
    private func litPixels(_ canvas: Canvas, x: Range<Int>, y: Range<Int>) -> Int {
        var count = 0
        for row in y {
            for column in x where canvas.pixel(x: column, y: row) != .black { count += 1 }
        }
        return count
    }

    private func hand(x: Double, y: Double, landmarks: [NormalizedPoint] = []) -> HandSample {
        HandSample(t: 0, x: x, y: y, present: true, landmarks: landmarks)
    }

    func testFingertipMarkerLandsWhereTheFingertipIs() {
        var canvas = Canvas(width: 200, height: 100)
        canvas.hand(hand(x: 0.25, y: 0.5))
        XCTAssertNil(canvas.problem)
        XCTAssertGreaterThan(litPixels(canvas, x: 45..<56, y: 45..<56), 0)
        XCTAssertEqual(litPixels(canvas, x: 100..<200, y: 0..<100), 0)
    }

    func testFlippedCoordinatesAreMirrored() {
        var canvas = Canvas(width: 200, height: 100)
        // x = 0.25 in the selfie view is x = 0.75 in the camera's view.
        canvas.hand(hand(x: 0.25, y: 0.5), flipped: true)
        XCTAssertGreaterThan(litPixels(canvas, x: 145..<156, y: 45..<56), 0)
        XCTAssertEqual(litPixels(canvas, x: 0..<100, y: 0..<100), 0)
    }

    func testSkeletonIsDrawnBetweenLandmarks() {
        var canvas = Canvas(width: 200, height: 200)
        // All joints on a vertical line at x = 0.5 from y = 0.9 (wrist) up to y = 0.1.
        let landmarks = (0..<21).map { NormalizedPoint(x: 0.5, y: 0.9 - 0.8 * Double($0) / 20) }
        canvas.hand(hand(x: 0.5, y: 0.5, landmarks: landmarks))
        XCTAssertGreaterThan(litPixels(canvas, x: 97..<104, y: 20..<40), 0)   // a bone far from the fingertip marker
        XCTAssertEqual(litPixels(canvas, x: 0..<60, y: 0..<200), 0)
    }

    func testAbsentHandDrawsNothing() {
        var canvas = Canvas(width: 64, height: 48)
        canvas.hand(.absent(at: 0))
        XCTAssertEqual(litPixels(canvas, x: 0..<64, y: 0..<48), 0)
    }
}
