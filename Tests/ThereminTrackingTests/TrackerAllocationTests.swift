import Foundation
import ThereminTestSupport
import XCTest

/// The tracker's frame path, checked like the render path: `tracker-alloc-check` tracks the selfie clip through the
/// C API, counting heap allocations inside each call, and frames that follow the hand must make none after warm-up.
final class TrackerAllocationTests: XCTestCase {
    func testFollowingAHandDoesNotAllocate() throws {
        guard let checker = ProcessRunner.product("tracker-alloc-check") else {
            throw XCTSkip("tracker-alloc-check is not built (run `swift build --build-tests`)")
        }
        let clip = try Fixtures.corpus().appendingPathComponent("video/mediapipe_selfie_segmentation_web.mp4")
        let models = try Fixtures.models()
        let folder = URL(fileURLWithPath: models.palmDetector).deletingLastPathComponent().path
        let result = try ProcessRunner.run(checker, [clip.path, folder])
        if result.status == 77 { throw XCTSkip(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) }
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let tracking = lines.first { $0.hasPrefix("tracking frames:") } ?? ""
        XCTAssertTrue(tracking.hasSuffix(", 0 allocation(s)"), result.stdout)
        let frames = Int(tracking.dropFirst("tracking frames: ".count).prefix { $0.isNumber }) ?? 0
        XCTAssertGreaterThan(frames, 150, "most of the clip's frames follow the hand: \(result.stdout)")
        let control = lines.first { $0.hasPrefix("control") } ?? ""
        XCTAssertFalse(control.isEmpty || control.hasSuffix(" 0 allocation(s)"), "the counter catches allocations: \(control)")
    }
}
