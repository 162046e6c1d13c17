import XCTest
@testable import ThereminPreview

final class PreviewLayoutTests: XCTestCase {
    func testPictureSizeKeepsTheAspectRatioAndAReadableHeight() {
        XCTAssertEqual(PreviewLayout(frameWidth: 640, frameHeight: 480), PreviewLayout(width: 640, height: 480))
        XCTAssertEqual(PreviewLayout(frameWidth: 320, frameHeight: 240), PreviewLayout(width: 640, height: 480),
                       "small frames are scaled up so text stays readable")
        XCTAssertEqual(PreviewLayout(frameWidth: 1920, frameHeight: 1080), PreviewLayout(width: 1280, height: 720),
                       "large frames are scaled down to fit a screen")
        XCTAssertEqual(PreviewLayout(frameWidth: 854, frameHeight: 480), PreviewLayout(width: 854, height: 480))
        XCTAssertEqual(PreviewLayout(frameWidth: 0, frameHeight: 0), PreviewLayout.waiting)
    }

    func testRowsAndColumnsOfNormalizedPositions() {
        let layout = PreviewLayout(width: 640, height: 480)
        XCTAssertEqual(layout.row(forY: 0), 0)
        XCTAssertEqual(layout.row(forY: 0.5), 240)
        XCTAssertEqual(layout.row(forY: 1), 479, "the bottom edge stays inside the picture")
        XCTAssertEqual(layout.row(forY: -0.2), 0)
        XCTAssertEqual(layout.row(forY: .nan), 0)
        XCTAssertEqual(layout.column(forX: 0.25), 160)
        XCTAssertEqual(layout.column(forX: 1), 639)
    }

    func testSizesGrowWithThePicture() {
        let small = PreviewLayout(width: 640, height: 480), large = PreviewLayout(width: 1280, height: 720)
        XCTAssertEqual(small.scale, 1)
        XCTAssertEqual(large.scale, 1.5)
        XCTAssertGreaterThan(large.margin, small.margin)
        XCTAssertGreaterThan(large.lineStart(labels: ["A#3"]), small.lineStart(labels: ["A#3"]))
        XCTAssertGreaterThan(small.lineStart(labels: ["A#3"]), small.lineStart(labels: ["A3"]),
                             "lines start right of the widest label")
    }
}
