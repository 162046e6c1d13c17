import XCTest
@testable import ThereminCore
import ThereminTestSupport

/// ASCII sample rows are read on their bytes (`ASCIIRow`), every other line the general way; both must accept,
/// refuse and say exactly the same. A no-break space before each line makes it non-ASCII, so the same trace goes
/// the general way (the space is trimmed like any other).
final class TracePlainRowTests: XCTestCase {
    private func outcome(_ text: String) -> String {
        do {
            return "\(try TraceReader.parse(bytes: Array(text.utf8), name: "t.csv"))"
        } catch {
            return "error: \(error)"
        }
    }

    private func generalWay(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // Not after the last line end: that would add a line.
        return lines.enumerated().map { $0.offset == lines.count - 1 && $0.element.isEmpty ? "" : "\u{A0}" + $0.element }
            .joined(separator: "\n")
    }

    private func assertBothWaysAgree(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(outcome(text), outcome(generalWay(text)), text, file: file, line: line)
    }

    private let oneHand = "# theremin-trace 1\n# source: clip.mp4\nt,x,y,present,confidence,acquired\n"
    private let twoHands = "t,x,y,present,confidence,hand,closed,acquired,x2,y2,present2,confidence2,hand2,closed2,acquired2\n"

    func testGoodTracesReadTheSameBothWays() throws {
        let traces = [
            oneHand + "0.000000,0.500000,0.250000,1,0.900,1\n0.033333,,,0,0.000,0\n0.066667,1,0,1,1,0\n",
            oneHand + " 0.1 ,\t0.5\t, 0.25 ,1 ,, \r\n\r\n# a comment\n0.2,.5,0.,1,,1\r\n# end: 2 frames\n",
            "t,x,y,present\n0,0.5,0.5,1\n+0.5,-0,0.5,1\n1e0,0.5,0.5,1\n1.5,5e-1,0.25,0\n2,,,0",
            twoHands + "0,0.5,0.5,1,0.9,LEFT,1,1,0.25,0.75,1,0.8,right,0,0\n0.1,,,0,0,,,,,,,,,,\n",
            twoHands + "0.2,0.5,0.5,1,0.9,left,0,0,,,,0.5,,,1\n",
            "# theremin-trace 1\n# recording: live\n" + "t,x,y,present\n0,0.5,0.5,1\n0.1,0.5,0.5,1\n0.2,0.5",
        ]
        for text in traces {
            XCTAssertFalse(outcome(text).hasPrefix("error"), outcome(text))
            assertBothWaysAgree(text)
        }
    }

    func testBadRowsAreRefusedWithTheSameWordsBothWays() {
        let bad = ["0,abc,0.5,1,1,0", "0,nan,0.5,1,1,0", "inf,0.5,0.5,1,1,0", "0,1.5,0.5,1,1,0", "0,0.5,-0.1,1,1,0",
                   "0,0.5,0.5,2,1,0", "0,0.5,0.5,1,1", "0,0.5,0.5,1,1,0,7", ",0.5,0.5,1,1,0", "1e22,0.5,0.5,1,1,0",
                   "-1,0.5,0.5,1,1,0", "0,0.5,0.5,,1,0", "0,,0.5,1,1,0", "0,0.5,0.5,1,1,2", "0,0.5,0.5,1,1.1,0",
                   "0,0x0.8p0,0.5,1,1,0", "0,0.5 0,0.5,1,1,0", "0,0.5,0.5,1,1,true", "0,0.5,0.5, 1 1,1,0"]
        for row in bad {
            assertBothWaysAgree(oneHand + "0,0.5,0.5,1,1,0\n" + row + "\n")
        }
        assertBothWaysAgree(oneHand + "0.2,0.5,0.5,1,1,0\n0.1,0.5,0.5,1,1,0\n")
        for row in ["0,0.5,0.5,1,0.9,middle,0,0,0.25,0.75,1,0.8,right,0,0", "0,0.5,0.5,1,0.9,left,0,0,0.25,0.75,1,0.8,right,2,0",
                    "0,0.5,0.5,1,0.9,left,0,0,0.25,,1,0.8,right,0,0", "0,0.5,0.5,1,0.9,left,0,0,0.25,0.75,3,0.8,right,0,0"] {
            assertBothWaysAgree(twoHands + row + "\n")
        }
    }

    func testRandomTracesReadTheSameBothWays() {
        var random = SeededGenerator(seed: 0x5eed)
        func pick(_ choices: [String]) -> String { choices[Int.random(in: 0..<choices.count, using: &random)] }
        let goodNumbers = ["0.5", "0.25", "1", "0", "-0", " 0.75", "0.1\t", ".5", "1.", "1e-1", "0.333333", "+0.2"]
        let badNumbers = ["", "abc", "1.5", "nan", "-0.1", "inf", "0.5.", "0x1p-1"]
        let heads = ["t,x,y,present\n", "t,x,y,present,confidence,acquired\n", twoHands,
                     "# recording: live\nt,x,y,present,acquired\n"]
        var read = 0
        for _ in 0..<2_000 {
            // Half the traces are made of good fields only, the other half may hold anything.
            let clean = Bool.random(using: &random)
            let numbers = clean ? goodNumbers : goodNumbers + badNumbers
            let flags = clean ? ["1", "0", " 1"] : ["1", "0", "", "2", " 1"]
            let head = pick(heads)
            let columns = head.split(separator: "\n").last?.split(separator: ",") ?? []
            var text = head
            var t = 0.0
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                t += Double(Int.random(in: (clean ? 0 : -1)...4, using: &random)) / 30
                let fields = columns.map { name -> String in
                    switch name {
                    case "t": return !clean && Int.random(in: 0..<8, using: &random) == 0 ? pick(numbers) : String(format: "%.6f", t)
                    case "present", "present2", "acquired", "acquired2", "closed", "closed2": return pick(flags)
                    case "hand", "hand2": return pick(clean ? ["left", "Right", ""] : ["left", "Right", "", "both"])
                    default: return pick(numbers)
                    }
                }
                text += fields.joined(separator: pick([",", ",", ",", ", "])) + pick(["\n", "\n", "\r\n", ""])
            }
            assertBothWaysAgree(text)
            if !outcome(text).hasPrefix("error") { read += 1 }
        }
        XCTAssertGreaterThan(read, 500, "a good share of the random traces are read, not refused")
    }

    func testPlainRowsAreReadOnTheirBytes() {
        // The comparison above would hold trivially if every row went the general way: these must not.
        let columns = HandColumns(["t": 0, "x": 1, "y": 2, "present": 3, "acquired": 4], suffix: "")
        var ranges: [Range<Int>] = []
        for (row, expected) in [("0.5,0.25,0.75,1,1", HandSample(t: 0.5, x: 0.25, y: 0.75, present: true, acquired: true)),
                                (" 0.5 ,,,0,", HandSample(t: 0.5, x: 0, y: 0, present: false, confidence: 0))] {
            Array(row.utf8).withUnsafeBufferPointer { line in
                ASCIIRow.split(line, into: &ranges)
                let plain = ASCIIRow(bytes: line, fields: ranges)
                let t = plain.time(columnCount: 5, column: 0, notBefore: 0.1)
                XCTAssertEqual(t, 0.5, row)
                XCTAssertEqual(plain.hand(columns, t: 0.5), expected, row)
                XCTAssertNil(plain.time(columnCount: 5, column: 0, notBefore: 0.6), "times must not go back")
                XCTAssertNil(plain.time(columnCount: 4, column: 0, notBefore: 0), "the header's number of fields")
            }
        }
    }

    func testTheByteSplitGivesTheGeneralFields() {
        var ranges: [Range<Int>] = []
        for row in ["0.1,0.5,0.25,1", " 0.1 ,\t0.5\t, 0.25 ,1 ", ",,,", "", "a", " , ", "1,2,", "\t\t,x"] {
            let bytes = Array(row.utf8)
            let split = bytes.withUnsafeBufferPointer { line in
                ASCIIRow.split(line, into: &ranges)
                return (0..<ranges.count).map { ASCIIRow(bytes: line, fields: ranges).text($0) }
            }
            XCTAssertEqual(split, TraceLineParser.fields(of: row).map(String.init), "'\(row)'")
        }
    }
}
