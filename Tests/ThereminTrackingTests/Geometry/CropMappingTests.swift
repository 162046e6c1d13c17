import CHandTracker
import XCTest

/// The letterbox of the palm detector, the rotated crop of the landmark model, projection back, and mirroring.
final class CropMappingTests: XCTestCase {
    func testLetterboxPadsTheShorterSide() {
        var padding = [Float](repeating: -1, count: 4)
        th_letterbox_padding(640, 480, 192, 192, &padding)
        XCTAssertEqual(padding, [0, 0.125, 0, 0.125])  // 480/640 = 0.75 of the height used, 0.125 each side
        th_letterbox_padding(480, 640, 192, 192, &padding)
        XCTAssertEqual(padding, [0.125, 0, 0.125, 0])
        th_letterbox_padding(300, 300, 192, 192, &padding)
        XCTAssertEqual(padding, [0, 0, 0, 0])
    }

    func testRemovingTheLetterboxMapsTensorEdgesToImageEdges() {
        let padding: [Float] = [0, 0.125, 0, 0.125]
        let top = th_remove_letterbox(th_point(x: 0.5, y: 0.125), padding)
        let bottom = th_remove_letterbox(th_point(x: 0.25, y: 0.875), padding)
        XCTAssertEqual(top.x, 0.5)
        XCTAssertEqual(top.y, 0, accuracy: 1e-7)
        XCTAssertEqual(bottom.x, 0.25)
        XCTAssertEqual(bottom.y, 1, accuracy: 1e-7)
    }

    func testUprightCropIsAScaleAndOffset() {
        var m = [Double](repeating: 0, count: 6)
        // A 100 px square around the middle of a 200x200 image into a 100x100 crop: a pure translation.
        th_crop_to_image_affine(th_rect(x_center: 0.5, y_center: 0.5, width: 0.5, height: 0.5, rotation: 0),
                                200, 200, 100, 100, &m)
        XCTAssertEqual(m, [1, 0, 50, 0, 1, 50])
        th_crop_to_image_affine(th_rect(x_center: 0.5, y_center: 0.5, width: 0.5, height: 0.5, rotation: 0),
                                200, 200, 50, 200, &m)
        XCTAssertEqual(m, [2, 0, 50, 0, 0.5, 50])
    }

    func testRotatedCropStartsAtTheTurnedCorner() {
        var m = [Double](repeating: 0, count: 6)
        th_crop_to_image_affine(th_rect(x_center: 0.5, y_center: 0.5, width: 0.5, height: 0.5, rotation: .pi / 2),
                                200, 200, 100, 100, &m)
        // Turned a quarter clockwise, the crop's top-left corner is the region's top-right corner (150, 50),
        // and moving right in the crop moves down in the image. (The rotation is a float: 1e-5 tolerance.)
        let expected: [Double] = [0, -1, 150, 1, 0, 50]
        for (value, want) in zip(m, expected) {
            XCTAssertEqual(value, want, accuracy: 1e-5)
        }
    }

    func testProjectionAgreesWithTheCropMap() {
        let roi = th_rect(x_center: 0.4, y_center: 0.55, width: 0.3, height: 0.4, rotation: 0.7)
        let (width, height, crop) = (640, 480, 224)
        var m = [Double](repeating: 0, count: 6)
        th_crop_to_image_affine(roi, Int32(width), Int32(height), Int32(crop), Int32(crop), &m)
        for point in [th_point(x: 0, y: 0), th_point(x: 1, y: 0.25), th_point(x: 0.3, y: 0.9)] {
            let projected = th_project_from_roi(point, roi, Int32(width), Int32(height))
            let u = Double(point.x) * Double(crop), v = Double(point.y) * Double(crop)
            XCTAssertEqual(Double(projected.x), (m[0] * u + m[1] * v + m[2]) / Double(width), accuracy: 1e-5)
            XCTAssertEqual(Double(projected.y), (m[3] * u + m[4] * v + m[5]) / Double(height), accuracy: 1e-5)
        }
        let center = th_project_from_roi(th_point(x: 0.5, y: 0.5), roi, Int32(width), Int32(height))
        XCTAssertEqual(center.x, 0.4, accuracy: 1e-6)
        XCTAssertEqual(center.y, 0.55, accuracy: 1e-6)
    }

    func testProjectionOfTheTopOfATurnedRegion() {
        // The top middle of a region turned a quarter clockwise lies to the right of its center.
        let roi = th_rect(x_center: 0.5, y_center: 0.5, width: 0.5, height: 0.5, rotation: .pi / 2)
        let top = th_project_from_roi(th_point(x: 0.5, y: 0), roi, 200, 200)
        XCTAssertEqual(top.x, 0.75, accuracy: 1e-6)
        XCTAssertEqual(top.y, 0.5, accuracy: 1e-6)
    }

    func testDepthIsScaledLikeXByTheRegionsWidth() {
        // A crop depth of -0.5 (half the crop's width towards the camera) in a region a quarter of the frame wide is
        // -0.125 frame widths, whatever the region's height or turn.
        let roi = th_rect(x_center: 0.3, y_center: 0.6, width: 0.25, height: 0.5, rotation: 1.2)
        XCTAssertEqual(th_project_depth_from_roi(-0.5, roi), -0.125, accuracy: 1e-7)
        XCTAssertEqual(th_project_depth_from_roi(0, roi), 0)
        // The model's raw z (224-pixel crop) through the hand graph's normalize_z.
        XCTAssertEqual(TH_LANDMARK_NORMALIZE_Z, 0.4)
    }

    func testMirroringFlipsXAndRotation() {
        let p = th_mirror_point(th_point(x: 0.2, y: 0.7))
        XCTAssertEqual(p.x, 0.8, accuracy: 1e-7)
        XCTAssertEqual(p.y, 0.7)
        let r = th_mirror_rect(th_rect(x_center: 0.3, y_center: 0.4, width: 0.2, height: 0.1, rotation: 0.5))
        XCTAssertEqual(r.x_center, 0.7, accuracy: 1e-7)
        XCTAssertEqual(r.y_center, 0.4)
        XCTAssertEqual(r.rotation, -0.5, accuracy: 1e-7)
        XCTAssertEqual(r.width, 0.2)
    }
}
