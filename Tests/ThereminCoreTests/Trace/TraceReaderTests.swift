import XCTest
import ThereminCore

final class TraceReaderTests: XCTestCase {
    private func parse(_ text: String) throws -> Trace {
        try TraceReader.parse(bytes: Array(text.utf8), name: "t.csv")
    }

    private func assertRejected(_ text: String, line: Int?, mentions: String,
                                file: StaticString = #filePath, lineNumber: UInt = #line) {
        XCTAssertThrowsError(try parse(text), file: file, line: lineNumber) { error in
            guard let traceError = error as? TraceError else { return XCTFail("\(error)", file: file, line: lineNumber) }
            XCTAssertEqual(traceError.line, line, "\(traceError)", file: file, line: lineNumber)
            XCTAssertTrue(traceError.description.contains(mentions), "\(traceError)", file: file, line: lineNumber)
            XCTAssertTrue(traceError.description.hasPrefix("trace t.csv"), file: file, line: lineNumber)
        }
    }

    func testReadsMetadataSamplesAndIgnoresUnknownColumns() throws {
        let trace = try parse("""
        # theremin-trace 1
        # source: clip.mp4
        # frame-size: 640x480
        t,x,y,present,confidence,wrist_x
        0.0,0.5,0.25,1,0.9,0.1
        0.033,,,0,0,
        0.066,1,0,1,1,0.2
        """)
        XCTAssertEqual(trace.metadata["source"], "clip.mp4")
        XCTAssertEqual(trace.metadata["frame-size"], "640x480")
        XCTAssertEqual(trace.samples.count, 3)
        XCTAssertEqual(trace.samples[0], HandSample(t: 0, x: 0.5, y: 0.25, present: true, confidence: 0.9))
        XCTAssertFalse(trace.samples[1].present)
        XCTAssertEqual(trace.duration, 0.066, accuracy: 1e-12)
    }

    func testAcceptsCRLFAndAByteOrderMarkAndColumnsInAnyOrder() throws {
        let text = "\u{FEFF}present,y,x,t\r\n1,0.5,0.5,0\r\n1,0.25,0.75,0.1\r\n"
        let trace = try parse(text)
        XCTAssertEqual(trace.samples.map(\.x), [0.5, 0.75])
        XCTAssertEqual(trace.samples.map(\.t), [0, 0.1])
    }

    func testRejectsEveryKindOfBadInputWithFileAndLine() {
        assertRejected("", line: nil, mentions: "is empty")
        assertRejected("# only a comment\n", line: 1, mentions: "no header")
        assertRejected("t,x,y,present\n", line: nil, mentions: "no samples")
        assertRejected("t,x,present\n0,0.5,1\n", line: 1, mentions: "lacks column(s) y")
        assertRejected("0.1,0.5,0.5,1\n", line: 1, mentions: "no header")
        assertRejected("t,x,y,present\n0,abc,0.5,1\n", line: 2, mentions: "x is `abc`, not a number")
        assertRejected("t,x,y,present\n0,nan,0.5,1\n", line: 2, mentions: "not a finite number")
        assertRejected("t,x,y,present\ninf,0.5,0.5,1\n", line: 2, mentions: "t is inf, not a finite number")
        assertRejected("t,x,y,present\n0,0.5,0.5,1\n0.2,0.5,0.5,1\n0.1,0.5,0.5,1\n", line: 4, mentions: "time goes backwards")
        assertRejected("t,x,y,present\n0,1.5,0.5,1\n", line: 2, mentions: "outside 0…1")
        assertRejected("t,x,y,present\n0,0.5,-0.1,1\n", line: 2, mentions: "outside 0…1")
        assertRejected("t,x,y,present\n0,0.5,0.5,2\n", line: 2, mentions: "expected 0 or 1")
        assertRejected("t,x,y,present\n0,0.5,0.5\n", line: 2, mentions: "has 3 fields but the header has 4")
        assertRejected("t,x,y,present\n0,0.5,0.5,1,7\n", line: 2, mentions: "has 5 fields")
        assertRejected("t,x,y,present\n,0.5,0.5,1\n", line: 2, mentions: "t is empty")
    }

    func testRejectsBinaryAndOverlongLines() {
        XCTAssertThrowsError(try TraceReader.parse(bytes: [0x7F, 0x45, 0x4C, 0x46, 0, 0, 1, 2], name: "a.out")) { error in
            XCTAssertTrue("\(error)".contains("binary file"), "\(error)")
        }
        XCTAssertThrowsError(try TraceReader.parse(bytes: [0xFF, 0xFE, 0x41, 0x0A], name: "u16")) { error in
            XCTAssertTrue("\(error)".contains("not UTF-8"), "\(error)")
        }
        let long = [UInt8](repeating: 0x31, count: TraceFormat.maxLineLength + 10)
        XCTAssertThrowsError(try TraceReader.parse(bytes: long, name: "long")) { error in
            XCTAssertTrue("\(error)".contains("longer than"), "\(error)")
        }
    }

    func testMissingFileAndDirectoryAreReportedPlainly() {
        XCTAssertThrowsError(try TraceReader.read(path: "/nonexistent/x.csv")) { error in
            XCTAssertEqual("\(error)", "trace /nonexistent/x.csv: does not exist (check the path)")
        }
        XCTAssertThrowsError(try TraceReader.read(path: NSTemporaryDirectory())) { error in
            XCTAssertTrue("\(error)".contains("is a directory"), "\(error)")
        }
    }
}
