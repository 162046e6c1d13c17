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
            found.far += try far.trackHands(scene).contains(where: \.sample.present) ? 1 : 0
            found.near += try near.trackHands(scene).contains(where: \.sample.present) ? 1 : 0
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
                let withSearch = try far.trackHands(scene).filter(\.sample.present).count
                let without = try near.trackHands(scene).filter(\.sample.present).count
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
            if let first = try (1...30).first(where: { _ in try video.track(scene).sample.present }) {
                frames.append(first)
            }
        }
        // One tile a frame: 15 tiles cover a 640x480 frame, so a still hand the tiles can see is found within 30.
        XCTAssertGreaterThanOrEqual(frames.count, 4, "found in \(frames)")
    }
}
