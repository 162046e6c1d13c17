import Foundation
import ThereminTestSupport
import XCTest

/// `fake-camera --corrupt-jpeg EVERY,SEED`: bad values are usage errors (one line, exit 2) before anything is
/// mounted, so no FUSE is needed.
final class FakeCameraCorruptionOptionTests: XCTestCase {
    func testBadCorruptionValuesAreUsageErrors() throws {
        let executable = try XCTUnwrap(FakeCamera.executablePath(), "fake-camera is built with the tests")
        for bad in ["", "3", "0,1", "-2,1", "3,", "3,x", "3,1,2", "x,1"] {
            let result = try ProcessRunner.run(executable, ["--mount", "/nonexistent", "--corrupt-jpeg", bad])
            XCTAssertEqual(result.status, 2, "--corrupt-jpeg '\(bad)'")
            XCTAssertTrue(result.stderr.hasPrefix("fake-camera: --corrupt-jpeg \(bad): give EVERY,SEED"),
                          "--corrupt-jpeg '\(bad)': \(result.stderr)")
        }
        let accepted = try ProcessRunner.run(executable, ["--mount", "/nonexistent", "--corrupt-jpeg", "10,42"])
        XCTAssertEqual(accepted.status, 2)
        XCTAssertTrue(accepted.stderr.contains("--mount /nonexistent: not an existing directory"),
                      "a good value passes parsing and the run stops at the mount point: \(accepted.stderr)")
    }
}
