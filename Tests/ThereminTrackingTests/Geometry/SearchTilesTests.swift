import CHandTracker
import XCTest

/// The far-player search's geometry: tiles covering the frame, a tile around the last hand, detections mapped from a
/// tile to the frame and merged with the whole frame's by weighted non-maximum suppression.
final class SearchTilesTests: XCTestCase {
    private func tiles(_ width: Int32, _ height: Int32, _ fraction: Float) -> [th_tile] {
        let count = th_search_tiles(width, height, fraction, nil, 0)
        var tiles = [th_tile](repeating: th_tile(), count: Int(count))
        XCTAssertEqual(th_search_tiles(width, height, fraction, &tiles, count), count)
        return tiles
    }

    func testA640x480FrameGetsFifteenOverlappingTiles() {
        // Side 0.5 x 480 = 240; across 640: 5 columns 100 px apart; down 480: 3 rows 120 px apart.
        let grid = tiles(640, 480, 0.5)
        XCTAssertEqual(grid.count, 15)
        XCTAssertEqual(grid.map(\.size), [Int32](repeating: 240, count: 15))
        XCTAssertEqual(grid.prefix(5).map(\.x), [0, 100, 200, 300, 400])
        XCTAssertEqual(grid.map(\.y), [0, 0, 0, 0, 0, 120, 120, 120, 120, 120, 240, 240, 240, 240, 240])
    }

    func testEveryHandOfHalfATileLiesInsideOneTile() {
        for (width, height) in [(640, 480), (1280, 720), (320, 240), (641, 479)] {
            let grid = tiles(Int32(width), Int32(height), 0.5)
            let hand = Int(grid[0].size) / 2
            for y in stride(from: 0, through: height - hand, by: 7) {
                for x in stride(from: 0, through: width - hand, by: 7) {
                    let inside = grid.contains { Int($0.x) <= x && Int($0.y) <= y && x + hand <= Int($0.x + $0.size)
                        && y + hand <= Int($0.y + $0.size) }
                    XCTAssertTrue(inside, "\(hand) px hand at (\(x), \(y)) in \(width)x\(height)")
                    if !inside { return }
                }
            }
            for tile in grid {
                XCTAssertTrue(tile.x >= 0 && tile.y >= 0 && Int(tile.x + tile.size) <= width
                    && Int(tile.y + tile.size) <= height, "inside the frame: \(tile)")
            }
        }
    }

    func testBadSizesGiveNoTiles() {
        XCTAssertEqual(th_search_tiles(0, 480, 0.5, nil, 0), 0)
        XCTAssertEqual(th_search_tiles(640, 480, 0, nil, 0), 0)
        XCTAssertEqual(th_search_tiles(640, 480, 1.5, nil, 0), 0)
        XCTAssertEqual(th_search_tiles(640, 480, 1, nil, 0), 2)  // 480-px squares, flush left and right
    }

    func testTileAroundAPointStaysInsideTheFrame() {
        let centre = th_tile_around(th_point(x: 0.5, y: 0.5), 640, 480, 200)
        XCTAssertEqual([centre.x, centre.y, centre.size], [220, 140, 200])
        let corner = th_tile_around(th_point(x: 0.99, y: 1), 640, 480, 200)
        XCTAssertEqual([corner.x, corner.y], [440, 280])
        let huge = th_tile_around(th_point(x: 0.1, y: 0.1), 640, 480, 5_000)
        XCTAssertEqual([huge.x, huge.y, huge.size], [0, 0, 480])
    }

    func testDetectionMapsFromTileToFrame() {
        var inTile = th_detection()
        inTile.xmin = 0.25
        inTile.ymin = 0.5
        inTile.width = 0.5
        inTile.height = 0.25
        inTile.score = 0.8
        inTile.keypoints.2 = th_point(x: 0.5, y: 0.5)
        let frame = th_detection_to_frame(&inTile, th_tile(x: 100, y: 120, size: 240), 640, 480)
        // Pixels: x 100 + 60 = 160 of 640, y 120 + 120 = 240 of 480, 120 x 60 px; the keypoint at (220, 240).
        XCTAssertEqual(frame.xmin, 0.25, accuracy: 1e-6)
        XCTAssertEqual(frame.ymin, 0.5, accuracy: 1e-6)
        XCTAssertEqual(frame.width, 0.1875, accuracy: 1e-6)
        XCTAssertEqual(frame.height, 0.125, accuracy: 1e-6)
        XCTAssertEqual(frame.keypoints.2.x, 0.34375, accuracy: 1e-6)
        XCTAssertEqual(frame.keypoints.2.y, 0.5, accuracy: 1e-6)
        XCTAssertEqual(frame.score, 0.8)
    }

    func testTheSameHandAtTwoScalesMergesAndAnotherStays() {
        // The whole frame sees a hand weakly (0.6); a tile sees it (0.9), shifted by 0.01; another tile finds a second
        // hand elsewhere. Weighted suppression averages the first two by score and keeps the third.
        func box(_ x: Float, _ score: Float) -> th_detection {
            var d = th_detection()
            d.xmin = x
            d.ymin = 0.2
            d.width = 0.1
            d.height = 0.1
            d.score = score
            return d
        }
        var candidates = [box(0.20, 0.6), box(0.21, 0.9), box(0.70, 0.7)]
        var merged = [th_detection](repeating: th_detection(), count: 4)
        XCTAssertEqual(th_weighted_nms(&candidates, 3, 0.3, &merged, 4), 2)
        XCTAssertEqual(merged[0].score, 0.9)
        XCTAssertEqual(merged[0].xmin, (0.6 * 0.20 + 0.9 * 0.21) / 1.5, accuracy: 1e-6)
        XCTAssertEqual(merged[0].width, 0.1, accuracy: 1e-6)
        XCTAssertEqual(merged[1].xmin, 0.70, accuracy: 1e-6)
    }
}
