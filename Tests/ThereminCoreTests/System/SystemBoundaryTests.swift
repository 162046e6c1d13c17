import Foundation
import XCTest

/// Core makes its file, process and clock calls only in `System/`, and no Swift module writes an EINTR loop of its
/// own (issue 20: one system boundary). Reads the sources, so a new raw call fails here with its file and line.
final class SystemBoundaryTests: XCTestCase {
    private let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    /// The lines of every Swift file under `folder` (relative paths), skipping comments.
    private func codeLines(under folder: URL) throws -> [(file: String, line: Int, text: String)] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var lines: [(String, Int, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            let name = String(url.path.dropFirst(sources.path.count + 1))
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("//") { continue }
                lines.append((name, index + 1, code))
            }
        }
        return lines
    }

    func testCoreCallsTheSystemOnlyThroughItsSystemLayer() throws {
        let core = sources.appendingPathComponent("ThereminCore")
        XCTAssertTrue(FileManager.default.fileExists(atPath: core.path), "sources at \(core.path)")
        let raw = try NSRegularExpression(pattern: #"(?<![.\w])(pwrite|fsync|fdatasync|ftruncate|rename|link|unlink|stat|lstat|fstat|kill|getpid|clock_gettime|strerror)\(|\b(Foundation|Glibc)\.(open|read|write|close)\(|\bO_[A-Z]+\b|\berrno\b|\bEINTR\b"#)
        let found = try codeLines(under: core).filter { line in
            !line.file.hasPrefix("ThereminCore/System/")
                && raw.firstMatch(in: line.text, range: NSRange(line.text.startIndex..., in: line.text)) != nil
        }
        XCTAssertEqual(found.map { "\($0.file):\($0.line): \($0.text)" }, [])
    }

    func testNoModuleRetriesInterruptedCallsItself() throws {
        let loops = try codeLines(under: sources).filter { line in
            !line.file.hasPrefix("ThereminCore/System/") && line.text.contains("EINTR") && line.text.contains("errno")
        }
        XCTAssertEqual(loops.map { "\($0.file):\($0.line): \($0.text)" }, [], "use SystemCall.retryingInterrupts")
    }
}
