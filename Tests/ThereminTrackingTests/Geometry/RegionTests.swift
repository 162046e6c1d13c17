import CHandTracker
import XCTest

/// Regions of interest: rotation, rectangle transformation, regions from palms and from landmarks.
final class RegionTests: XCTestCase {
    private let pi = Float.pi

    func testAnglesWrapIntoMinusPiToPi() {
        XCTAssertEqual(th_normalize_radians(0), 0)
        XCTAssertEqual(th_normalize_radians(1.5 * pi), -0.5 * pi, accuracy: 1e-6)
        XCTAssertEqual(th_normalize_radians(-1.5 * pi), 0.5 * pi, accuracy: 1e-6)
        XCTAssertEqual(th_normalize_radians(3.5), 3.5 - 2 * pi, accuracy: 1e-6)
        XCTAssertEqual(th_normalize_radians(-3.5), 2 * pi - 3.5, accuracy: 1e-6)
        XCTAssertEqual(th_normalize_radians(-3), -3, accuracy: 1e-6)
    }

    func testRotationTurnsTheWristToKnuckleVectorUpright() {
        let up = th_rotation_to_vertical(th_point(x: 0.5, y: 0.6), th_point(x: 0.5, y: 0.4), 100, 100, pi / 2)
        XCTAssertEqual(up, 0, accuracy: 1e-6)
        // Fingers pointing right: the crop must turn a quarter clockwise.
        let right = th_rotation_to_vertical(th_point(x: 0.4, y: 0.5), th_point(x: 0.6, y: 0.5), 100, 100, pi / 2)
        XCTAssertEqual(right, pi / 2, accuracy: 1e-6)
        // Measured in pixels: on a 200x100 image (0.1, -0.1) is 20 px right and 10 px up.
        let slanted = th_rotation_to_vertical(th_point(x: 0.5, y: 0.5), th_point(x: 0.6, y: 0.4), 200, 100, pi / 2)
        XCTAssertEqual(slanted, pi / 2 - atan2f(10, 20), accuracy: 1e-6)
    }

    func testUprightRectangleIsSquaredScaledAndShiftedUp() {
        var transform = th_palm_roi_transform()
        // 0.2 x 0.1 of a 100x200 image is 20 x 20 px: already square.
        let rect = th_transform_rect(th_rect(x_center: 0.5, y_center: 0.5, width: 0.2, height: 0.1, rotation: 0),
                                     100, 200, &transform)
        XCTAssertEqual(rect.width, 0.52, accuracy: 1e-6)
        XCTAssertEqual(rect.height, 0.26, accuracy: 1e-6)
        XCTAssertEqual(rect.x_center, 0.5, accuracy: 1e-6)
        XCTAssertEqual(rect.y_center, 0.5 - 0.5 * 0.1, accuracy: 1e-6)  // shifted by half its (unscaled) height
    }

    func testSquaringUsesTheLongerSideInPixels() {
        var transform = th_rect_transform(scale_x: 1, scale_y: 1, shift_x: 0, shift_y: 0, square_long: 1)
        // 0.3 x 0.2 of a 200x100 image is 60 x 20 px: becomes 60 x 60 px = 0.3 x 0.6.
        let rect = th_transform_rect(th_rect(x_center: 0.5, y_center: 0.5, width: 0.3, height: 0.2, rotation: 0),
                                     200, 100, &transform)
        XCTAssertEqual(rect.width, 0.3, accuracy: 1e-6)
        XCTAssertEqual(rect.height, 0.6, accuracy: 1e-6)
    }

    func testShiftFollowsTheRectanglesRotation() {
        var transform = th_palm_roi_transform()
        // Rotated a quarter clockwise, the rectangle's "up" points right on screen.
        let rect = th_transform_rect(th_rect(x_center: 0.5, y_center: 0.5, width: 0.2, height: 0.2, rotation: pi / 2),
                                     100, 100, &transform)
        XCTAssertEqual(rect.x_center, 0.6, accuracy: 1e-6)
        XCTAssertEqual(rect.y_center, 0.5, accuracy: 1e-6)
        XCTAssertEqual(rect.rotation, pi / 2, accuracy: 1e-6)
    }

    func testRegionFromAnUprightPalm() {
        var palm = th_detection()
        palm.xmin = 0.4
        palm.ymin = 0.4
        palm.width = 0.2
        palm.height = 0.2
        palm.keypoints.0 = th_point(x: 0.5, y: 0.6)  // wrist below
        palm.keypoints.2 = th_point(x: 0.5, y: 0.4)  // middle-finger knuckle above
        let rect = th_hand_rect_from_detection(&palm, 100, 100)
        XCTAssertEqual(rect.rotation, 0, accuracy: 1e-6)
        XCTAssertEqual(rect.x_center, 0.5, accuracy: 1e-6)
        XCTAssertEqual(rect.y_center, 0.4, accuracy: 1e-6)   // 0.5 - 0.5 x 0.2
        XCTAssertEqual(rect.width, 0.52, accuracy: 1e-6)     // 0.2 x 2.6
        XCTAssertEqual(rect.height, 0.52, accuracy: 1e-6)
    }

    /// An upright hand whose stable joints span x 0.4...0.6 and y 0.5...0.8, fingertips far above.
    private func uprightHand() -> [th_point] {
        var points = [th_point](repeating: th_point(x: 0.5, y: 0.1), count: Int(TH_LANDMARK_COUNT))  // tips etc.
        points[0] = th_point(x: 0.5, y: 0.8)    // wrist
        points[1] = th_point(x: 0.4, y: 0.75)   // thumb CMC
        points[2] = th_point(x: 0.42, y: 0.7)
        points[3] = th_point(x: 0.43, y: 0.65)
        points[5] = th_point(x: 0.45, y: 0.6)   // index MCP
        points[6] = th_point(x: 0.45, y: 0.5)
        points[9] = th_point(x: 0.5, y: 0.6)    // middle MCP
        points[10] = th_point(x: 0.5, y: 0.5)
        points[13] = th_point(x: 0.55, y: 0.6)  // ring MCP
        points[14] = th_point(x: 0.55, y: 0.5)
        points[17] = th_point(x: 0.6, y: 0.62)  // pinky MCP
        points[18] = th_point(x: 0.6, y: 0.55)
        return points
    }

    func testRegionFromLandmarksUsesTheStableJoints() {
        let rect = th_hand_rect_from_landmarks(uprightHand(), 100, 100)
        XCTAssertEqual(rect.rotation, 0, accuracy: 1e-6)
        // Bounds 0.2 x 0.3 centered at (0.5, 0.65); squared to 0.3, doubled, shifted up by 0.1 x 0.3.
        XCTAssertEqual(rect.x_center, 0.5, accuracy: 1e-6)
        XCTAssertEqual(rect.y_center, 0.62, accuracy: 1e-6)
        XCTAssertEqual(rect.width, 0.6, accuracy: 1e-6)
        XCTAssertEqual(rect.height, 0.6, accuracy: 1e-6)
    }

    func testRegionFromLandmarksTurnsWithTheHand() {
        // The same hand turned a quarter clockwise about (0.5, 0.5): (x, y) -> (1 - y, x) on a square image.
        let turned = uprightHand().map { th_point(x: 1 - $0.y, y: $0.x) }
        let rect = th_hand_rect_from_landmarks(turned, 100, 100)
        XCTAssertEqual(rect.rotation, pi / 2, accuracy: 1e-5)  // fingers point right, like the turned hand
        XCTAssertEqual(rect.x_center, 1 - 0.62, accuracy: 1e-5)
        XCTAssertEqual(rect.y_center, 0.5, accuracy: 1e-5)
        XCTAssertEqual(rect.width, 0.6, accuracy: 1e-5)
        XCTAssertEqual(rect.height, 0.6, accuracy: 1e-5)
    }

    func testBoundingRectangleInARotatedFrame() {
        // A 20 x 10 px rectangle's corners, rotated 30 degrees about (50, 50), on a 100x100 image.
        let angle = pi / 6
        let corners = [(-10, -5), (10, -5), (10, 5), (-10, 5)].map { (x: Float, y: Float) in
            th_point(x: (50 + x * cosf(angle) - y * sinf(angle)) / 100, y: (50 + x * sinf(angle) + y * cosf(angle)) / 100)
        }
        let rect = th_bounding_rect_with_rotation(corners, 4, angle, 100, 100)
        XCTAssertEqual(rect.x_center, 0.5, accuracy: 1e-5)
        XCTAssertEqual(rect.y_center, 0.5, accuracy: 1e-5)
        XCTAssertEqual(rect.width, 0.2, accuracy: 1e-5)
        XCTAssertEqual(rect.height, 0.1, accuracy: 1e-5)
    }
}
