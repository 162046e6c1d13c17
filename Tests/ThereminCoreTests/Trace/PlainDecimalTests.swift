import XCTest
@testable import ThereminCore
import ThereminTestSupport

/// The plain-decimal reader gives the very Double that `Double(String)` gives, bit for bit, and leaves everything
/// else (including all that `Double(String)` refuses) to it.
final class PlainDecimalTests: XCTestCase {
    private func plain(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer(PlainDecimal.parse)
    }

    /// Nil from the fast reader, or the same bits as `Double(String)`.
    private func assertAgrees(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let fast = plain(text) else { return }
        guard let reference = Double(text) else {
            return XCTFail("'\(text)': \(fast) where Double(String) refuses", file: file, line: line)
        }
        XCTAssertEqual(fast.bitPattern, reference.bitPattern, "'\(text)': \(fast) vs \(reference)", file: file, line: line)
    }

    /// Digits after the leading zeros: up to 15 always fit below 2^53.
    private func significantDigits(_ text: String) -> Int {
        text.filter(\.isNumber).drop { $0 == "0" }.count
    }

    private func digits(_ count: Int, _ random: inout SeededGenerator) -> String {
        String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
    }

    func testGeneratedDecimalsReadBitForBitAsDoubleDoes() {
        var random = SeededGenerator(seed: 0x7ace)
        var read = 0
        for _ in 0..<100_000 {
            let sign = ["", "-", "+"].randomElement(using: &random) ?? ""
            let zeros = String(repeating: "0", count: Int.random(in: 0...3, using: &random))
            let whole = zeros + digits(Int.random(in: 0...10, using: &random), &random)
            let hasPoint = Int.random(in: 0..<5, using: &random) > 0
            let fraction = hasPoint ? digits(Int.random(in: 0...14, using: &random), &random) : ""
            guard !(whole + fraction).isEmpty else { continue }
            let text = sign + whole + (hasPoint ? "." : "") + fraction
            XCTAssertNotNil(Double(text), "'\(text)' is in Double(String)'s grammar")
            if significantDigits(text) <= 15 {
                XCTAssertNotNil(plain(text), "'\(text)': up to 15 significant digits are read the fast way")
                read += 1
            }
            assertAgrees(text)
        }
        XCTAssertGreaterThan(read, 50_000, "most generated decimals took the fast way")
    }

    func testValuesWrittenWithPrintfReadBitForBit() {
        var random = SeededGenerator(seed: 42)
        for _ in 0..<20_000 {
            let scales = [1.0, 10, 1e4]
            let value = Double.random(in: -100_000...100_000, using: &random) / scales[Int.random(in: 0..<3, using: &random)]
            let text = String(format: "%.\(Int.random(in: 0...12, using: &random))f", value)
            if significantDigits(text) <= 15 { XCTAssertNotNil(plain(text), text) }
            assertAgrees(text)
        }
    }

    func testEdgesOfTheGrammarAndOfTheFastWay() {
        for text in ["0", "-0", "+0", "1.", ".5", "+.5", "-.5", "00.50", "-0.0", "86400", "9007199254740992",
                     "0.0000000000000000000001", "1234567890.123456", "0.1", "0.2", "0.3", "900719925474099.2"] {
            XCTAssertNotNil(plain(text), "'\(text)' is read the fast way")
            assertAgrees(text)
        }
        XCTAssertEqual(plain("-0")?.sign, .minus, "-0 keeps its sign, as Double(String) does")
        // Beyond 2^53, 19 digits or 10^22, or not a plain decimal: left to Double(String), whatever it answers.
        for text in ["9007199254740993", "1.7976931348623157", "12345678901234567890", "0.00000000000000000000001", "1e5", "1E5", "inf",
                     "-inf", "nan", "infinity", "0x1p3", ".", "-", "+", "", "1..2", "+-1", "--1", " 1", "1 ", "1_0",
                     "\u{661}", "1,5", "5.5.", "1.5e-3", "0.5\u{0}"] {
            XCTAssertNil(plain(text), "'\(text)' goes to Double(String)")
        }
    }

    func testAnythingDoubleRefusesTheFastWayRefusesToo() {
        var random = SeededGenerator(seed: 7)
        let alphabet = Array("0123456789.+-eE x")
        for _ in 0..<50_000 {
            let length = Int.random(in: 0...8, using: &random)
            let text = String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] })
            assertAgrees(text)
        }
    }
}
