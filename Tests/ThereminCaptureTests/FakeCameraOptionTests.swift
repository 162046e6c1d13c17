import Foundation
import ThereminTestSupport
import XCTest

/// `fake-camera`'s options with values of their own syntax: bad values are usage errors (one line, exit 2) before
/// anything is mounted, so no FUSE is needed; a good value passes parsing and the run stops at the mount point.
final class FakeCameraOptionTests: XCTestCase {
    private func checkUsageErrors(_ option: String, bad: [String], saying expected: String, good: String,
                                  file: StaticString = #filePath, line: UInt = #line) throws {
        let executable = try XCTUnwrap(FakeCamera.executablePath(), "fake-camera is built with the tests")
        for value in bad {
            let result = try ProcessRunner.run(executable, ["--mount", "/nonexistent", option, value])
            XCTAssertEqual(result.status, 2, "\(option) '\(value)'", file: file, line: line)
            XCTAssertTrue(result.stderr.hasPrefix("fake-camera: \(option) \(value): \(expected)"),
                          "\(option) '\(value)': \(result.stderr)", file: file, line: line)
        }
        let accepted = try ProcessRunner.run(executable, ["--mount", "/nonexistent", option, good])
        XCTAssertEqual(accepted.status, 2, file: file, line: line)
        XCTAssertTrue(accepted.stderr.contains("--mount /nonexistent: not an existing directory"),
                      "\(option) \(good) passes parsing: \(accepted.stderr)", file: file, line: line)
    }

    func testBadCorruptionValuesAreUsageErrors() throws {
        try checkUsageErrors("--corrupt-jpeg", bad: ["", "3", "0,1", "-2,1", "3,", "3,x", "3,1,2", "x,1"],
                             saying: "give EVERY,SEED", good: "10,42")
    }

    func testBadModesAreUsageErrors() throws {
        try checkUsageErrors("--mode", bad: ["MJPG", "MJPG:1280x720", "MJPG:1280x720@", "MJPG:1280x720@60/",
                                             "MJPG:1281x720@60", "MJPG:1280x@60", "TOOLONG:640x480@30",
                                             ":640x480@30", "YUYV:640x480@0.1"],
                             saying: "give FOURCC:WIDTHxHEIGHT@RATE", good: "MJPG:1280x720@60/30")
    }

    func testBadControlsAreUsageErrors() throws {
        try checkUsageErrors("--controls", bad: ["", "brightness=3", "power_line_frequency=7", "exposure_auto",
                                                 "exposure_auto_priority=x", "power_line_frequency=1,"],
                             saying: "give none or NAME=VALUE items", good: "exposure_auto_priority=1,power_line_frequency=0")
    }
}
