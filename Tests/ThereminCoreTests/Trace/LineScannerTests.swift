import XCTest
@testable import ThereminCore
import ThereminTestSupport

/// The scanner gives the same lines however the stream is cut into chunks: lines read in their chunk and lines
/// carried across chunks alike.
final class LineScannerTests: XCTestCase {
    private struct Line: Equatable {
        var bytes: [UInt8]
        var isASCII: Bool
        var ended: Bool
        var number: Int
    }

    /// Every line of `bytes` delivered in chunks of the given sizes (the last size repeated), or the problem.
    private func lines(_ bytes: [UInt8], chunks sizes: [Int], maxLength: Int = 64) -> Result<[Line], LineScanner.Problem> {
        var offset = 0, next = 0
        var scanner = LineScanner(maxLength: maxLength) {
            guard offset < bytes.count else { return nil }
            let size = sizes[min(next, sizes.count - 1)]
            next += 1
            defer { offset = min(offset + size, bytes.count) }
            return Array(bytes[offset..<min(offset + size, bytes.count)])
        }
        var result: [Line] = []
        do {
            while try scanner.advance() {
                result.append(Line(bytes: scanner.withLine { Array($0) }, isASCII: scanner.lineIsASCII,
                                   ended: scanner.lastLineEnded, number: scanner.lineNumber))
            }
        } catch let problem as LineScanner.Problem {
            return .failure(problem)
        } catch {
            XCTFail("\(error)")
        }
        return .success(result)
    }

    func testLinesAreTheSameInAnyChunking() throws {
        let text = "\u{FEFF}# thé\r\nt,x,y,present\n\n\r\n0.5,0.25,0.75,1\r\n  0.6 ,,,0\nlast"
        let whole = lines(Array(text.utf8), chunks: [1000])
        let expected = ["# thé", "t,x,y,present", "", "", "0.5,0.25,0.75,1", "  0.6 ,,,0", "last"]
        XCTAssertEqual(try whole.get().map { String(decoding: $0.bytes, as: UTF8.self) }, expected)
        XCTAssertEqual(try whole.get().map(\.isASCII), [false, true, true, true, true, true, true])
        XCTAssertEqual(try whole.get().map(\.ended), [true, true, true, true, true, true, false])
        var random = SeededGenerator(seed: 3)
        for _ in 0..<300 {
            // The first chunk holds the whole byte-order mark, as a file's first read does.
            let sizes = [Int.random(in: 3...12, using: &random)] + (0..<40).map { _ in Int.random(in: 1...9, using: &random) }
            XCTAssertEqual(lines(Array(text.utf8), chunks: sizes), whole, "\(sizes)")
        }
    }

    func testLengthNULAndUTF8ProblemsInAnyChunking() {
        let cases: [(String, Result<[Line], LineScanner.Problem>)] = [
            ("12345678\n", .success([Line(bytes: Array("12345678".utf8), isASCII: true, ended: true, number: 1)])),
            ("a\n123456789\n", .failure(.tooLong(line: 2))),
            ("12345678\r\n", .failure(.tooLong(line: 1))),
            ("a\nb\u{0}c\n", .failure(.binary(line: 2))),
        ]
        for (text, expected) in cases {
            for size in 1...10 {
                XCTAssertEqual(lines(Array(text.utf8), chunks: [size], maxLength: 8), expected, "\(text.debugDescription) in \(size)s")
            }
        }
        var scanner = LineScanner(maxLength: 8) { nil }
        XCTAssertFalse(try scanner.advance(), "an empty stream has no line")
        var delivered = false
        var bad = LineScanner(maxLength: 8) {
            defer { delivered = true }
            return delivered ? nil : [0x61, 0x0A, 0xFF, 0xFE, 0x0A]
        }
        XCTAssertEqual(try bad.advance(), true)
        XCTAssertEqual(try bad.text(), "a")
        XCTAssertEqual(try bad.advance(), true)
        XCTAssertFalse(bad.lineIsASCII)
        XCTAssertThrowsError(try bad.text()) { XCTAssertEqual($0 as? LineScanner.Problem, .notUTF8(line: 2)) }
    }
}
