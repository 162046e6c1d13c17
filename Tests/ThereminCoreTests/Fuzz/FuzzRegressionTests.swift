import XCTest
import Foundation
import ThereminCore

/// Inputs the fuzzers (Fuzz/run-fuzzers) once crashed on, kept so the fixes stay fixed: each must now parse or be
/// rejected with the proper error, and never trap.
final class FuzzRegressionTests: XCTestCase {
    private func inputs(_ folder: String) throws -> [URL] {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Regressions/\(folder)")
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        XCTAssertFalse(files.isEmpty, "regression inputs present")
        return files
    }

    func testTraceParserRegressions() throws {
        for file in try inputs("trace") {
            let bytes = [UInt8](try Data(contentsOf: file))
            do {
                let trace = try TraceReader.parse(bytes: bytes, name: file.lastPathComponent)
                _ = ReplayPlan(trace: trace, mapper: ControlMapper(), sampleRate: 48_000, tail: 0.1)
            } catch let error as TraceError {
                XCTAssertEqual(error.file, file.lastPathComponent)
            }
        }
    }

    func testHugeTimesAreRejectedNotRendered() {
        XCTAssertThrowsError(try TraceReader.parse(bytes: Array("t,x,y,present\n0,0.5,0.5,1\n1e22,0.5,0.5,1\n".utf8), name: "big")) { error in
            XCTAssertTrue("\(error)".contains("line 3: t is 1e22, outside 0…86400 seconds"), "\(error)")
        }
        XCTAssertThrowsError(try TraceReader.parse(bytes: Array("t,x,y,present\n-1,0.5,0.5,1\n".utf8), name: "neg"))
    }
}
