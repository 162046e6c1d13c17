import XCTest
import ThereminCore
import ThereminTestSupport
@testable import ThereminCLI

/// Every error becomes one line on stderr and the failure's kind, which `main.swift` turns into the status; an
/// error of no known kind is a runtime failure.
final class ErrorReportTests: XCTestCase {
    private struct DiskFull: ReportableError {
        var failureKind: FailureKind { .runtime }
        var description: String { "take.csv: no space left on device" }
    }

    private struct Unknown: Error {}

    func testEachErrorGivesItsLineAndItsKind() {
        let usage = StandardError.capture { ErrorReport.report(UsageError("--low needs a number", options: ["--low"])) }
        XCTAssertEqual(usage.result, .failed(.usage))
        XCTAssertEqual(usage.text, "theremin: --low needs a number. See 'theremin --help'.\n")
        let runtime = StandardError.capture { ErrorReport.report(DiskFull()) }
        XCTAssertEqual(runtime.result, .failed(.runtime))
        XCTAssertEqual(runtime.text, "theremin: take.csv: no space left on device\n", "no hint after a runtime failure")
        XCTAssertEqual(StandardError.capture { ErrorReport.report(Unknown()) }.result, .failed(.runtime))
    }

    func testARunReturnsItsOutcomeNotAStatus() {
        XCTAssertEqual(StandardError.capture { CommandLineTool.run(arguments: ["--bogus"]) }.result, .failed(.usage))
        XCTAssertEqual(StandardError.capture { CommandLineTool.run(arguments: ["--replay", "/no/such/take.csv"]) }.result,
                       .failed(.input))
    }
}
