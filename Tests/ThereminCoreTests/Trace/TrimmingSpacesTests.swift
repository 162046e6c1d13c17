import Foundation
import XCTest
@testable import ThereminCore

/// The trace parser's own trimming removes what Foundation's `.whitespaces` removes, and nothing else.
final class TrimmingSpacesTests: XCTestCase {
    func testTrimsWhatFoundationTrims() {
        for text in [" \t 1.5 \u{00A0}", "", "   ", "a b", "\u{2003}x\u{3000}", "0.25\r", "\u{FEFF}t", "é ", " ,"] {
            XCTAssertEqual(text.trimmingSpaces(), text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
        }
        XCTAssertEqual("  t,x ".dropFirst().trimmingSpaces(), "t,x", "on substrings too")
    }
}
