import CVisionLoader
import Foundation
import VisionCalls
import XCTest

/// The shims' calling convention in one place: success throws nothing, a failure reaches the module's error with
/// the shim's message, or the status's name when the shim wrote none, and a long message is cut to the buffer.
final class ShimCallTests: XCTestCase {
    private struct Failed: Error, Equatable {
        let status: UInt32
        let problem: String
    }

    private func write(_ text: String, into buffer: UnsafeMutablePointer<CChar>, capacity: Int) {
        _ = text.withCString { strncpy(buffer, $0, capacity - 1) }
        buffer[capacity - 1] = 0
    }

    func testASuccessfulCallThrowsNothing() throws {
        var calls = 0
        try ShimCall.check({ (_, _) -> th_status in
            calls += 1
            return TH_OK
        }, error: { (failure: ShimFailure<th_status>) in Failed(status: failure.status.rawValue, problem: failure.problem) })
        XCTAssertEqual(calls, 1)
    }

    func testAFailureCarriesTheShimsMessageAndStatus() {
        XCTAssertThrowsError(try ShimCall.check({ buffer, capacity -> th_status in
            write("palm model /x.xnng: no such file", into: buffer, capacity: capacity)
            return TH_ERROR_FILE_MISSING
        }, error: { (failure: ShimFailure<th_status>) in Failed(status: failure.status.rawValue, problem: failure.problem) })) {
            XCTAssertEqual($0 as? Failed, Failed(status: TH_ERROR_FILE_MISSING.rawValue, problem: "palm model /x.xnng: no such file"))
        }
    }

    func testWithoutAMessageTheStatusNamesTheProblem() throws {
        let (status, message) = ShimCall.run { (_, _) -> tv_status in TV_ERROR_READ }
        XCTAssertEqual(status, TV_ERROR_READ)
        XCTAssertEqual(message, "")
        XCTAssertEqual(ShimFailure(status: status).problem, "status 3", "the video shim has no names for its statuses")
        guard theremin_vision_tracker() != nil else {
            throw XCTSkip("libtheremin-vision.so is not built beside the tests (\(VisionLibrary.failure))")
        }
        XCTAssertEqual(ShimFailure(status: TH_ERROR_MODEL_INVALID).problem, "model invalid")
        XCTAssertEqual(ShimFailure(status: PV_ERROR_NO_DISPLAY).problem, "no display")
    }

    func testALongMessageIsCutToTheBuffer() {
        let (_, message) = ShimCall.run { buffer, capacity -> pv_status in
            write(String(repeating: "x", count: 4_000), into: buffer, capacity: capacity)
            return PV_ERROR_WINDOW
        }
        XCTAssertEqual(message, String(repeating: "x", count: 511))
    }
}
