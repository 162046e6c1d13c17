import XCTest
@testable import ThereminCore

/// The row splitter's fast way (`ASCIIRow.split`: plain ASCII, on bytes) against the general one (by characters).
final class TraceFieldSplittingTests: XCTestCase {
    func testASCIIRowsSplitAsByCharacters() {
        let rows = ["0.1,0.5,0.25,1", " 0.1 ,\t0.5\t, 0.25 ,1 ", ",,,", "", "a", " , ", "1,2,", "\t\t,x"]
        for row in rows {
            let general = row.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
            var ranges: [Range<Int>] = []
            let split = Array(row.utf8).withUnsafeBufferPointer { bytes -> [String] in
                ASCIIRow.split(bytes, into: &ranges)
                return ranges.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
            }
            XCTAssertEqual(split, general, "'\(row)'")
            XCTAssertEqual(TraceLineParser.fields(of: row).map(String.init), general, "'\(row)'")
        }
    }

    func testACommaJoinedToACombiningMarkStaysInItsField() {
        // "1,\u{301}2" is the characters 1, ́,(comma with an accent) and 2: no field boundary, as before.
        XCTAssertEqual(TraceLineParser.fields(of: "1,\u{301}2,3").map(String.init), ["1,\u{301}2", "3"])
        XCTAssertEqual(TraceLineParser.fields(of: "\u{2003}0.5\u{2003},1").map(String.init), ["0.5", "1"],
                       "Unicode spaces are trimmed on the general way")
    }
}
