import XCTest
@testable import ThereminPreview

/// The display check runs before Qt is touched (Qt aborts the process without a display), so it must refuse
/// every environment where a window cannot appear, with a reason a user understands.
final class DisplayEnvironmentTests: XCTestCase {
    private func failure(_ environment: DisplayEnvironment) -> PreviewError? {
        do {
            try environment.check()
            return nil
        } catch {
            return error
        }
    }

    func testNoDisplaySetIsRefused() {
        let error = failure(DisplayEnvironment(display: nil))
        XCTAssertEqual(error?.kind, .noDisplay)
        XCTAssertEqual(error?.problem, "DISPLAY is not set")
        XCTAssertEqual(failure(DisplayEnvironment(display: ""))?.kind, .noDisplay, "empty counts as unset")
    }

    func testWaylandWithoutXWaylandSaysSo() {
        let error = failure(DisplayEnvironment(display: nil, waylandDisplay: "wayland-0"))
        XCTAssertEqual(error?.kind, .noDisplay)
        XCTAssertTrue(error?.problem.contains("QT_QPA_PLATFORM=wayland") ?? false, error?.problem ?? "")
    }

    func testAnUnreachableXServerIsRefused() throws {
        // Display numbers with no socket: nobody listens there.
        guard let free = (900..<999).first(where: { !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)") })
        else { throw XCTSkip("no free X display number to try") }
        let error = failure(DisplayEnvironment(display: ":\(free)"))
        XCTAssertEqual(error?.kind, .noDisplay)
        XCTAssertEqual(error?.problem, "cannot connect to the X display :\(free)")
    }

    func testQtPlatformsChosenOnPurpose() {
        XCTAssertNil(failure(DisplayEnvironment(display: nil, qtPlatform: "offscreen")), "offscreen needs no display")
        XCTAssertEqual(failure(DisplayEnvironment(display: nil, qtPlatform: "wayland"))?.kind, .noDisplay)
        XCTAssertNil(failure(DisplayEnvironment(display: nil, waylandDisplay: "wayland-0", qtPlatform: "wayland:foo")))
    }
}
