import XCTest
import Foundation
@testable import ThereminCLI

/// Inputs the preset fuzzer (Fuzz/run-fuzzers preset) once crashed on, kept so the fixes stay fixed: each must now
/// load or be rejected with `ConfigFileError`, and what loads must validate or be refused with `UsageError`.
final class FuzzRegressionTests: XCTestCase {
    private func inputs(_ folder: String) throws -> [URL] {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Regressions/\(folder)")
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        XCTAssertFalse(files.isEmpty, "regression inputs present")
        return files
    }

    func testPresetLoaderRegressions() throws {
        for file in try inputs("preset") {
            do {
                let preset = try Preset.decode(try Data(contentsOf: file), name: "fuzz", path: file.path)
                var parsed = ParsedArguments()
                for (option, values) in preset.options { for value in values { parsed.add(option, value) } }
                _ = try? Settings(parsed: parsed)
            } catch let error as ConfigFileError {
                XCTAssertEqual(error.path, file.path)
            }
        }
    }

    func testHugeVersionNumbersAreReportedNotTrapped() throws {
        let huge = Data("{\"version\": 1e300, \"options\": {}}".utf8)
        XCTAssertThrowsError(try Preset.decode(huge, name: "big", path: "big.json")) { error in
            XCTAssertTrue("\(error)".contains("was saved by a newer theremin (format 1e+300"), "\(error)")
        }
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString).json")
        try huge.write(to: config)
        defer { try? FileManager.default.removeItem(at: config) }
        XCTAssertTrue(UserConfig.load(path: config.path).warning?.contains("newer theremin (version 1e+300)") == true)
    }

    func testHugeAndInfiniteValuesInMessagesAreReportedNotTrapped() {
        for vibrato in ["1e55,15", "5,inf", "-inf,5", "5,1e300"] {
            XCTAssertThrowsError(try Settings(arguments: ["--vibrato", vibrato]), vibrato) { error in
                XCTAssertTrue(error is UsageError, "\(error)")
            }
        }
    }
}
