import XCTest
import Foundation
import ThereminAudio
import ThereminTestSupport

/// Writing inputs into the scratch folder and rendering traces with the binary, for the replay tests.
extension BinaryTestCase {
    /// Writes `text` to `name` in the scratch folder; returns its path.
    func scratchFile(_ name: String, _ text: String) -> String {
        let path = directory.appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    /// The first channel of `--replay TRACE --output FILE` with `options`.
    func renderReplay(_ trace: String, _ options: [String], file: StaticString = #filePath, line: UInt = #line) throws -> [Float] {
        let out = directory.appendingPathComponent("out-\(UUID().uuidString).wav").path
        let result = try ProcessRunner.run(binary, ["--replay", trace, "--output", out] + options)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        let contents = try SoundFileContents(path: out)
        return stride(from: 0, to: contents.samples.count, by: contents.channels).map { contents.samples[$0] }
    }
}
