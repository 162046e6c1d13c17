import Foundation
import ThereminTestSupport
import XCTest

/// The tracker's frame path, checked like the render path: `tracker-alloc-check` tracks a clip through the C API,
/// counting heap allocations inside each call; after warm-up no frame may make any, whether it follows the hand or
/// searches for one.
final class TrackerAllocationTests: XCTestCase {
    /// Runs the checker on a corpus clip; returns the frame counts of each kind.
    private func check(_ clip: String) throws -> (tracking: Int, detecting: Int) {
        guard let checker = ProcessRunner.product("tracker-alloc-check") else {
            throw XCTSkip("tracker-alloc-check is not built (run `swift build --build-tests`)")
        }
        let path = try Fixtures.corpus().appendingPathComponent(clip).path
        let models = try Fixtures.models()
        let folder = URL(fileURLWithPath: models.palmDetector).deletingLastPathComponent().path
        let result = try ProcessRunner.run(checker, [path, folder])
        if result.status == 77 { throw XCTSkip(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) }
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        func frames(_ prefix: String) -> Int {
            let line = lines.first { $0.hasPrefix(prefix) } ?? ""
            XCTAssertTrue(line.hasSuffix(", 0 allocation(s)"), result.stdout)
            return Int(line.dropFirst(prefix.count).prefix { $0.isNumber }) ?? 0
        }
        let control = lines.first { $0.hasPrefix("control") } ?? ""
        XCTAssertFalse(control.isEmpty || control.hasSuffix(" 0 allocation(s)"), "the counter catches allocations: \(control)")
        return (frames("tracking frames: "), frames("detector frames: "))
    }

    func testFollowingAHandDoesNotAllocate() throws {
        let frames = try check("video/mediapipe_selfie_segmentation_web.mp4")
        XCTAssertGreaterThan(frames.tracking, 150, "most of the selfie clip's frames follow the hand")
    }

    func testSearchingForAHandDoesNotAllocate() throws {
        // The signer's hands are down for the first second and move fast: the detector and far search run often.
        let frames = try check("video/signer_dobrii_den_clean.mp4")
        XCTAssertGreaterThan(frames.detecting, 30, "the signer clip makes the palm detector search")
    }
}
