import Foundation
import ThereminCore
import ThereminTestSupport
import ThereminTracking
import ThereminVideo
import XCTest

/// The far-player search on generated scenes (corpus photos shrunk into a blurred room, made at test time): it finds
/// hands the whole-frame detector misses, and adds no hand to hand-free scenes.
final class FarPlayerTests: XCTestCase {
    private func tracker(farSearch: Bool, mode: TrackerOptions.Mode = .stillImages) throws -> HandTracker {
        try HandTracker(models: try Fixtures.models(),
                        options: TrackerOptions(mirrored: false, mode: mode, maxHands: 2, farSearch: farSearch))
    }

    private func photos(_ folder: String) throws -> [Frame] {
        let url = try Fixtures.corpus().appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: url.path)
            .filter { ($0.hasSuffix(".jpg") || $0.hasSuffix(".png")) && !$0.hasPrefix("hard_") }
            .sorted()
            .prefix(6)
            .map { try Fixtures.image("\(folder)/\($0)") }
    }

    func testSmallHandsAreFoundThatTheWholeFrameMisses() throws {
        let hands = try photos("hands_nogt"), rooms = try photos("negatives")
        let far = try tracker(farSearch: true), near = try tracker(farSearch: false)
        var found = (far: 0, near: 0)
        for (index, photo) in hands.enumerated() {
            let scene = FarPlayerScenes.compose(photo: photo, background: rooms[index % rooms.count], shrink: .third,
                                                index: index)
            found.far += try far.track(scene).hands.hands.contains(where: \.present) ? 1 : 0
            found.near += try near.track(scene).hands.hands.contains(where: \.present) ? 1 : 0
        }
        // At a third of the frame the whole-frame detector (MediaPipe's way) sees almost none of these hands.
        XCTAssertGreaterThanOrEqual(found.far, 4, "far search found \(found.far) of \(hands.count)")
        XCTAssertGreaterThanOrEqual(found.far, found.near + 3, "far \(found.far), whole frame \(found.near)")
    }

    func testHandFreeScenesGainNoHand() throws {
        let rooms = try photos("negatives")
        let far = try tracker(farSearch: true), near = try tracker(farSearch: false)
        for shrink in FarPlayerScenes.Shrink.allCases {
            for (index, face) in rooms.enumerated() {
                let scene = FarPlayerScenes.compose(photo: face, background: rooms[(index + 3) % rooms.count],
                                                    shrink: shrink, index: index)
                let withSearch = try far.track(scene).hands.present.count
                let without = try near.track(scene).hands.present.count
                XCTAssertLessThanOrEqual(withSearch, without, "scene \(index), \(shrink.label)")
            }
        }
    }

    func testAFarHandIsFoundWithinASecondOfVideo() throws {
        let hands = try photos("hands_nogt"), rooms = try photos("negatives")
        let video = try tracker(farSearch: true, mode: .video)
        var frames: [Int] = []
        for (index, photo) in hands.enumerated() {
            let scene = FarPlayerScenes.compose(photo: photo, background: rooms[index % rooms.count], shrink: .half,
                                                index: index)
            video.reset()
            if let first = try (1...30).first(where: { _ in try video.track(scene).primary.present }) {
                frames.append(first)
            }
        }
        // One tile a frame: 15 tiles cover a 640x480 frame, so a still hand the tiles can see is found within 30.
        XCTAssertGreaterThanOrEqual(frames.count, 4, "found in \(frames)")
    }

    /// A searching frame runs the whole-frame detector and a tile (two passes) at 30 fps; at 60 fps, where both do not
    /// fit a frame interval, one of them a frame in turn, and a far hand is still found (in about twice the frames).
    func testAtSixtyFPSTheSearchAlternatesWholeFrameAndTile() throws {
        let hands = try photos("hands_nogt"), rooms = try photos("negatives")
        func videoTracker(fps: Double?) throws -> HandTracker {
            var options = TrackerOptions(mirrored: false, mode: .video, maxHands: 1, farSearch: true)
            options.frameRate = fps
            return try HandTracker(models: try Fixtures.models(), options: options)
        }
        let room = rooms[0]
        for (fps, passes) in [(30.0, 2), (60.0, 1)] {
            let tracker = try videoTracker(fps: fps)
            let counts = try (0..<6).map { _ in try tracker.track(room).detectorPasses }
            XCTAssertEqual(counts.filter { $0 == passes }.count, 6, "\(fps) fps: palm detector passes \(counts)")
        }
        XCTAssertEqual(try videoTracker(fps: nil).track(room).detectorPasses, 2, "an unknown rate searches as at 30")

        let fast = try videoTracker(fps: 60)
        var found = 0
        for (index, photo) in hands.enumerated() {
            let scene = FarPlayerScenes.compose(photo: photo, background: rooms[index % rooms.count], shrink: .half,
                                                index: index)
            fast.reset()
            found += try (1...60).contains(where: { _ in try fast.track(scene).primary.present }) ? 1 : 0
        }
        XCTAssertGreaterThanOrEqual(found, 4, "far hands found at 60 fps within 60 frames: \(found) of \(hands.count)")
    }

    /// A still image searches every tile; a frame whose tiles would be tiny (a 5x3000 strip) or very many is searched
    /// whole only, instead of thousands of detector passes.
    func testFramesWithUselessTilesAreSearchedWholeOnly() throws {
        let still = try HandTracker(models: try Fixtures.models(),
                                    options: TrackerOptions(mirrored: false, mode: .stillImages, maxHands: 1, farSearch: true))
        func grey(_ width: Int, _ height: Int) -> Frame {
            Frame(width: width, height: height, bytesPerRow: 3 * width, pixels: [UInt8](repeating: 128, count: 3 * width * height),
                  captureTime: 0, sequence: 0)
        }
        XCTAssertEqual(try still.track(grey(640, 480)).detectorPasses, 16, "the whole frame and its 15 tiles")
        XCTAssertEqual(try still.track(grey(5, 3_000)).detectorPasses, 1, "tiles 2 px wide add nothing")
        XCTAssertEqual(try still.track(grey(12_000, 400)).detectorPasses, 1, "a panorama would need 357 tiles")
    }

    func testAFrameRateOutOfRangeIsRefused() throws {
        var options = TrackerOptions()
        options.frameRate = 0
        XCTAssertThrowsError(try HandTracker(models: try Fixtures.models(), options: options)) {
            XCTAssertTrue("\($0)".contains("frame rate"), "\($0)")
        }
    }
}
