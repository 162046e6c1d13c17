import CHandTracker
import XCTest

/// Intersection over union and MediaPipe's weighted non-maximum suppression.
final class SuppressionTests: XCTestCase {
    private func box(_ x: Float, _ y: Float, _ w: Float, _ h: Float, score: Float, keypoint: Float = 0) -> th_detection {
        var d = th_detection()
        d.xmin = x
        d.ymin = y
        d.width = w
        d.height = h
        d.score = score
        d.keypoints.0 = th_point(x: keypoint, y: keypoint)
        return d
    }

    func testIntersectionOverUnion() {
        var a = box(0, 0, 2, 2, score: 1)
        var b = box(1, 1, 2, 2, score: 1)
        XCTAssertEqual(th_box_iou(&a, &b), 1.0 / 7.0, accuracy: 1e-6)  // 1 shared unit of 4 + 4 - 1
        var c = box(2, 0, 1, 1, score: 1)  // touches a's edge only
        XCTAssertEqual(th_box_iou(&a, &c), 0)
        var d = box(5, 5, 1, 1, score: 1)
        XCTAssertEqual(th_box_iou(&a, &d), 0)
        XCTAssertEqual(th_box_iou(&a, &a), 1, accuracy: 1e-7)
    }

    func testRegionOverlapIgnoresRotation() {
        // Two-hand tracking judges "the same hand" by this, as MediaPipe's region association does: upright boxes
        // from centre and size.
        let a = th_rect(x_center: 0.5, y_center: 0.5, width: 0.2, height: 0.2, rotation: 0)
        let b = th_rect(x_center: 0.6, y_center: 0.6, width: 0.2, height: 0.2, rotation: 1.2)
        XCTAssertEqual(th_rect_iou(a, b), 0.01 / 0.07, accuracy: 1e-6)  // 0.1 x 0.1 shared of 0.04 + 0.04 - 0.01
        XCTAssertEqual(th_rect_iou(a, a), 1, accuracy: 1e-6)
        let inside = th_rect(x_center: 0.5, y_center: 0.5, width: 0.1, height: 0.2, rotation: 0)
        XCTAssertEqual(th_rect_iou(a, inside), 0.5, accuracy: 1e-6)
        let apart = th_rect(x_center: 0.75, y_center: 0.5, width: 0.2, height: 0.2, rotation: 0)
        XCTAssertEqual(th_rect_iou(a, apart), 0)
        let empty = th_rect(x_center: 0.5, y_center: 0.5, width: 0, height: 0.2, rotation: 0)
        XCTAssertEqual(th_rect_iou(a, empty), 0)
    }

    func testOverlappingDetectionsMergeWeightedByScore() {
        let input = [
            box(0.1, 0, 1, 1, score: 0.6, keypoint: 1.0),
            box(5, 5, 1, 1, score: 0.7, keypoint: 5.0),
            box(0, 0, 1, 1, score: 0.9, keypoint: 0.0),
        ]
        var out = [th_detection](repeating: th_detection(), count: 4)
        let count = th_weighted_nms(input, 3, 0.3, &out, 4)
        XCTAssertEqual(count, 2)
        // Best first: the 0.9 box merged with the 0.6 box (IoU 0.9 / 1.1 > 0.3), keeping the best score.
        XCTAssertEqual(out[0].score, 0.9, accuracy: 1e-7)
        XCTAssertEqual(out[0].xmin, (0 * 0.9 + 0.1 * 0.6) / 1.5, accuracy: 1e-6)     // 0.04
        XCTAssertEqual(out[0].width, (1 * 0.9 + 1.1 * 0.6) / 1.5 - 0.04, accuracy: 1e-6)  // 1.0
        XCTAssertEqual(out[0].keypoints.0.x, (0 * 0.9 + 1 * 0.6) / 1.5, accuracy: 1e-6)  // 0.4
        // The far box is left alone.
        XCTAssertEqual(out[1].score, 0.7, accuracy: 1e-7)
        XCTAssertEqual(out[1].xmin, 5, accuracy: 1e-6)
        XCTAssertEqual(out[1].keypoints.0.x, 5, accuracy: 1e-6)
    }

    func testBoxesBelowTheOverlapThresholdStaySeparate() {
        // IoU of these two is 1/7 < 0.3.
        let input = [box(0, 0, 2, 2, score: 0.8), box(1, 1, 2, 2, score: 0.9)]
        var out = [th_detection](repeating: th_detection(), count: 2)
        XCTAssertEqual(th_weighted_nms(input, 2, 0.3, &out, 2), 2)
        XCTAssertEqual(out[0].xmin, 1, accuracy: 1e-6)
        XCTAssertEqual(out[1].xmin, 0, accuracy: 1e-6)
    }

    func testOutputIsLimitedToCapacity() {
        let input = [box(0, 0, 1, 1, score: 0.5), box(3, 0, 1, 1, score: 0.9), box(6, 0, 1, 1, score: 0.7)]
        var out = [th_detection](repeating: th_detection(), count: 1)
        XCTAssertEqual(th_weighted_nms(input, 3, 0.3, &out, 1), 1)
        XCTAssertEqual(out[0].xmin, 3, accuracy: 1e-6)
        XCTAssertEqual(th_weighted_nms(input, 0, 0.3, &out, 1), 0)
    }
}
