import XCTest
import Foundation
import ThereminTestSupport

/// The render contract, checked: the `render-alloc-check` executable counts heap allocations inside every render
/// call of the live, replay and mixed renderers (with every voice and effect, and the looper playing three layers)
/// and must find none, while catching
/// the allocations of a deliberately careless control renderer.
final class RenderAllocationTests: XCTestCase {
    func testRenderPathsDoNotAllocate() throws {
        guard let checker = ProcessRunner.product("render-alloc-check") else {
            throw XCTSkip("render-alloc-check is not built (run `swift build --build-tests`)")
        }
        let result = try ProcessRunner.run(checker, ["600"])
        if result.status == 77 { throw XCTSkip(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) }
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        for name in ["live", "replay", "mix", "looper (3 layers)"] {
            XCTAssertTrue(lines.contains("\(name): 600 blocks, 0 allocation(s)"), "\(name): \(result.stdout)")
        }
        let control = lines.first { $0.hasPrefix("control") } ?? ""
        XCTAssertFalse(control.isEmpty || control.hasSuffix(" 0 allocation(s)"), "the counter catches allocations: \(control)")
    }
}
