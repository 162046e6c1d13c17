import XCTest
import Foundation
import ThereminCore
import ThereminTestSupport

/// How an interrupted take reads and recovers: its torn last row is left out by the reader and cut by
/// `TakeRecovery`; other traces keep their strictness.
final class TornTakeTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var directory: URL { folder.url }

    override func setUpWithError() throws {
        folder = try temporaryFolder(prefix: "torn-take")
    }

    private let liveHead = "# theremin-trace 1\n# recording: live\nt,x,y,present,confidence,acquired\n"
    private let rows = "0.000000,0.500000,0.250000,1,0.900,1\n0.033333,0.510000,0.260000,1,0.900,0\n"

    private func write(_ name: String, _ text: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testTheReaderLeavesOutATornLastRowOfAnInterruptedTake() throws {
        let trace = try TraceReader.parse(bytes: Array((liveHead + rows + "0.0666").utf8), name: "t.csv")
        XCTAssertEqual(trace.samples.count, 2)
        XCTAssertTrue(trace.interrupted)
        XCTAssertEqual(trace.tornLine, 6)
        // Torn inside a number that still parses, or with too few fields: the same.
        let short = try TraceReader.parse(bytes: Array((liveHead + rows + "0.066667,0.5").utf8), name: "t.csv")
        XCTAssertEqual(short.samples.count, 2)
    }

    func testABadRowIsStillAnErrorWhereItCannotBeATear() {
        // A finished take, an older trace, and a bad row with its line end: nothing was cut there.
        let cases = [
            liveHead + rows + "# end: 2 frames\n0.1,0.5",
            "# theremin-trace 1\nt,x,y,present,confidence,acquired\n" + rows + "0.0666",
            liveHead + rows + "0.0666,zz,0.5,1,0.9,0\n" + rows,
        ]
        for text in cases {
            XCTAssertThrowsError(try TraceReader.parse(bytes: Array(text.utf8), name: "t.csv"), text)
        }
    }

    func testRecoveryCutsTheTornRowAndAddsTheEndMarker() throws {
        let path = try write("take.csv", liveHead + rows + "0.0666")
        let result = try TakeRecovery.recover(path)
        XCTAssertEqual(result, RecoveredTake(path: path, frames: 2, duration: 0.033333, trimmedBytes: 6, changed: true))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), liveHead + rows + "# end: 2 frames, recovered\n")
        let trace = try TraceReader.read(path: path)
        XCTAssertFalse(trace.interrupted)
        XCTAssertEqual(trace.samples.count, 2)
        XCTAssertFalse(try TakeRecovery.recover(path).changed, "a second recovery changes nothing")
    }

    func testAPartialFileMovesToItsNameWithoutReplacingAnything() throws {
        let old = "# theremin-trace 1\nt,x,y,present\n0,0.5,0.5,1\n"
        let existing = try write("take.csv", "earlier\n")
        let part = try write(".take.csv.4000000.part", old + "0.03")
        let result = try TakeRecovery.recover(part)
        XCTAssertEqual(result.path, directory.appendingPathComponent("take-1.csv").path)
        XCTAssertEqual(result.frames, 1)
        XCTAssertEqual(try String(contentsOfFile: result.path, encoding: .utf8), old, "an old-style trace needs no marker")
        XCTAssertEqual(try String(contentsOfFile: existing, encoding: .utf8), "earlier\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: part))
    }

    func testWhatIsNotATakeIsRefusedAndLeftAsItWas() throws {
        let binary = try write("noise.csv", "\u{0}\u{1}\u{2}\n")
        XCTAssertThrowsError(try TakeRecovery.recover(binary)) { XCTAssertTrue("\($0)".contains("binary"), "\($0)") }
        XCTAssertThrowsError(try TakeRecovery.recover(directory.path)) { XCTAssertTrue("\($0)".contains("directory")) }
        XCTAssertThrowsError(try TakeRecovery.recover("/no/such/take.csv")) { XCTAssertTrue("\($0)".contains("does not exist")) }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: binary)), Data([0, 1, 2, 10]))
    }
}
