import CHandTracker
import XCTest

/// SSD anchors and raw-output decoding against values worked out by hand from MediaPipe's definitions.
final class AnchorAndDecodingTests: XCTestCase {
    func testPalmAnchorsCoverBothGridsInOrder() {
        var options = th_palm_anchor_options()
        let count = th_generate_anchors(&options, nil, 0)
        // 24x24 cells x 2 anchors (stride 8) + 12x12 cells x 3 layers x 2 anchors (stride 16).
        XCTAssertEqual(count, 24 * 24 * 2 + 12 * 12 * 6)
        XCTAssertEqual(count, TH_PALM_ANCHOR_COUNT)
        var anchors = [th_anchor](repeating: th_anchor(), count: Int(count))
        XCTAssertEqual(th_generate_anchors(&options, &anchors, count), count)

        // Two anchors per stride-8 cell, centered at (x + 0.5) / 24, row by row; fixed size 1x1.
        XCTAssertEqual(anchors[0].x_center, 0.5 / 24, accuracy: 1e-7)
        XCTAssertEqual(anchors[0].y_center, 0.5 / 24, accuracy: 1e-7)
        XCTAssertEqual(anchors[1].x_center, 0.5 / 24, accuracy: 1e-7)
        XCTAssertEqual(anchors[2].x_center, 1.5 / 24, accuracy: 1e-7)
        XCTAssertEqual(anchors[48].y_center, 1.5 / 24, accuracy: 1e-7)  // second row starts after 24 cells x 2
        XCTAssertEqual(anchors[0].width, 1)
        XCTAssertEqual(anchors[0].height, 1)
        // The stride-16 grid starts at 1152 with six anchors per cell.
        XCTAssertEqual(anchors[1152].x_center, 0.5 / 12, accuracy: 1e-7)
        XCTAssertEqual(anchors[1157].x_center, 0.5 / 12, accuracy: 1e-7)
        XCTAssertEqual(anchors[1158].x_center, 1.5 / 12, accuracy: 1e-7)
        XCTAssertEqual(anchors[2015].x_center, 11.5 / 12, accuracy: 1e-7)
        XCTAssertEqual(anchors[2015].y_center, 11.5 / 12, accuracy: 1e-7)
    }

    func testAnchorSizesFromScalesWhenNotFixed() {
        var options = th_anchor_options()
        options.input_width = 16
        options.input_height = 16
        options.min_scale = 0.2
        options.max_scale = 0.6
        options.anchor_offset_x = 0.5
        options.anchor_offset_y = 0.5
        options.num_layers = 1
        options.strides.0 = 8
        options.fixed_anchor_size = 0
        options.interpolated_scale_aspect_ratio = 1
        var anchors = [th_anchor](repeating: th_anchor(), count: 8)
        XCTAssertEqual(th_generate_anchors(&options, &anchors, 8), 8)  // 2x2 cells x 2 anchors
        // One layer: scale = (min + max) / 2 = 0.4; interpolated with the next scale (1): sqrt(0.4).
        XCTAssertEqual(anchors[0].width, 0.4, accuracy: 1e-6)
        XCTAssertEqual(anchors[1].width, 0.632456, accuracy: 1e-6)
        XCTAssertEqual(anchors[1].height, 0.632456, accuracy: 1e-6)
        XCTAssertEqual(anchors[2].x_center, 0.75, accuracy: 1e-7)
        XCTAssertEqual(anchors[4].y_center, 0.75, accuracy: 1e-7)
    }

    func testInvalidAnchorOptionsAreRejected() {
        var options = th_palm_anchor_options()
        options.num_layers = 0
        XCTAssertEqual(th_generate_anchors(&options, nil, 0), -1)
        options = th_palm_anchor_options()
        options.strides.1 = 0
        XCTAssertEqual(th_generate_anchors(&options, nil, 0), -1)
    }

    func testScoresAreClippedLogistic() {
        XCTAssertEqual(th_sigmoid_clipped(0, 100), 0.5, accuracy: 1e-7)
        XCTAssertEqual(th_sigmoid_clipped(-2, 1), 0.268941, accuracy: 1e-6)  // clipped to -1 first
        XCTAssertEqual(th_sigmoid_clipped(2, 100), 0.880797, accuracy: 1e-6)
    }

    func testDecodingScalesOffsetsAndThresholds() {
        let anchors = [th_anchor(x_center: 0.5, y_center: 0.5, width: 1, height: 1),
                       th_anchor(x_center: 0.25, y_center: 0.75, width: 1, height: 1)]
        var raw = [Float](repeating: 0, count: 2 * Int(TH_PALM_COORDS))
        // Anchor 0: center offset (+19.2, -9.6) px, size 38.4 x 57.6 px at scale 192; keypoint 1 at (+96, +192) px.
        raw[0] = 19.2; raw[1] = -9.6; raw[2] = 38.4; raw[3] = 57.6
        raw[6] = 96; raw[7] = 192
        let scores: [Float] = [0, -1]  // sigmoid 0.5 passes a 0.5 threshold; 0.269 does not
        var options = th_palm_decode_options()
        var out = [th_detection](repeating: th_detection(), count: 2)
        let count = th_decode_detections(raw, scores, anchors, 2, &options, &out, 2)
        XCTAssertEqual(count, 1)
        let d = out[0]
        XCTAssertEqual(d.score, 0.5, accuracy: 1e-7)
        XCTAssertEqual(d.xmin, 0.5, accuracy: 1e-6)   // center 0.6 - width 0.2 / 2
        XCTAssertEqual(d.ymin, 0.3, accuracy: 1e-6)   // center 0.45 - height 0.3 / 2
        XCTAssertEqual(d.width, 0.2, accuracy: 1e-6)
        XCTAssertEqual(d.height, 0.3, accuracy: 1e-6)
        XCTAssertEqual(d.keypoints.0.x, 0.5, accuracy: 1e-6)
        XCTAssertEqual(d.keypoints.1.x, 1.0, accuracy: 1e-6)
        XCTAssertEqual(d.keypoints.1.y, 1.5, accuracy: 1e-6)

        options.min_score_thresh = 0.2
        XCTAssertEqual(th_decode_detections(raw, scores, anchors, 2, &options, &out, 2), 2)
        XCTAssertEqual(out[1].xmin, 0.25, accuracy: 1e-6)  // all-zero raw values: a point at the anchor center
        XCTAssertEqual(out[1].keypoints.6.y, 0.75, accuracy: 1e-6)
    }
}
