import XCTest
import Foundation
import ThereminTestSupport

/// Trace files that are wrong in every way the matrix asks for, replayed into a sound file: each ends with exit 2,
/// one line naming the file (and line) and what to do, and no sound file. CRLF line ends and a UTF-8 byte-order
/// mark are not mistakes: those traces must play.
final class TraceFileMatrixTests: XCTestCase {
    private var harness: BadInputHarness!

    override func setUpWithError() throws {
        harness = try BadInputHarness.make("traces")
    }

    override func tearDownWithError() throws {
        harness?.remove()
    }

    private func replay(_ path: String) -> [String] {
        ["--replay", path, "--output", BadInputHarness.output("take.wav")]
    }

    private func row(_ name: String, _ contents: String, _ problem: String) -> BadInputCase {
        let path = harness.file("\(name).csv", contents)
        return BadInputCase(name: name, arguments: replay(path), mentions: [path, problem])
    }

    func testMalformedTraces() throws {
        let header = "t,x,y,present\n"
        var garbage = Data((0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) })
        garbage[100] = 0
        // "0.5,0.5,0.5,1é" with é in Latin-1 (a lone 0xE9 byte): not UTF-8.
        let latin1 = Data("t,x,y,present\n0,0.5,0.5,1\n0.5,0.5,0.5,1".utf8) + Data([0xE9, 0x0A])
        let rows: [BadInputCase] = [
            row("empty", "", "is empty"),
            row("header-only", header, "no samples"),
            row("metadata-only", "# theremin-trace 1\n# source: test\n", "no header line"),
            BadInputCase(name: "binary garbage", arguments: replay(harness.file("garbage.csv", data: garbage)),
                         mentions: ["binary file"]),
            BadInputCase(name: "not UTF-8", arguments: replay(harness.file("latin1.csv", data: latin1)),
                         mentions: ["line 3", "UTF-8"]),
            row("nan", header + "0,nan,0.5,1\n", "line 2: x is nan, not a finite number"),
            row("inf-time", header + "0,0.5,0.5,1\ninf,0.5,0.5,1\n", "line 3: t is inf"),
            row("minus-inf", header + "0,0.5,-inf,1\n", "line 2: y is -inf"),
            row("unsorted", header + "0.5,0.5,0.5,1\n0.2,0.5,0.5,1\n", "line 3: time goes backwards"),
            row("negative-time", header + "-1,0.5,0.5,1\n", "line 2: t is -1"),
            row("huge-time", header + "0,0.5,0.5,1\n1e22,0.5,0.5,1\n", "line 3: t is 1e22"),
            row("out-of-range", header + "0,1.5,0.5,1\n", "line 2: x is 1.5, outside 0…1"),
            row("present-yes", header + "0,0.5,0.5,yes\n", "line 2: present is `yes`"),
            row("no-present-column", "t,x,y\n0,0.5,0.5\n", "line 1"),
            row("missing-field", header + "0,0.5,1\n", "line 2: has 3 fields but the header has 4"),
            row("extra-field", header + "0,0.5,0.5,1,0.9\n", "line 2: has 5 fields but the header has 4"),
            row("no-header", "0,0.5,0.5,1\n", "line 1"),
            row("text", "Dear diary,\ntoday I played the theremin.\n", "line 1"),
        ]
        try harness.check(rows)
        harness.report("malformed traces")
    }

    /// The 1 GiB single line, three ways, without writing a gigabyte: a sparse file of NUL bytes, a file that starts
    /// with 128 KiB of 'a' and continues as a sparse hole, and a FIFO that a writer thread fills with up to 1 GiB
    /// of 'a' (the reader gives up after the first 64 KiB line). Each fails at once, on the line limit or as binary.
    func testOneGigabyteLine() throws {
        let gigabyte = 1 << 30
        let sparse = harness.file("sparse.csv", "")
        XCTAssertEqual(truncate(sparse, off_t(gigabyte)), 0)
        let longLine = harness.file("long-line.csv", String(repeating: "a", count: 128 * 1024))
        XCTAssertEqual(truncate(longLine, off_t(gigabyte)), 0)
        let fifo = harness.directory.appendingPathComponent("line.fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let writer = FIFOWriter(path: fifo, byte: UInt8(ascii: "a"), total: gigabyte)
        defer { writer.finish() }
        let started = Date()
        try harness.check([
            BadInputCase(name: "1 GiB of NUL bytes (sparse)", arguments: replay(sparse), mentions: [sparse, "binary file"]),
            BadInputCase(name: "1 GiB line of 'a' (sparse tail)", arguments: replay(longLine),
                         mentions: [longLine, "line 1: line is longer than 65536 bytes"]),
            BadInputCase(name: "1 GiB line of 'a' through a FIFO", arguments: replay(fifo),
                         mentions: [fifo, "line 1: line is longer than 65536 bytes"]),
        ])
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "rejected without reading the gigabyte")
        writer.finish()
        XCTAssertLessThan(writer.written, gigabyte / 100, "the reader stopped early: \(writer.written) bytes were taken")
        harness.report("1 GiB lines")
    }

    func testMissingAndUnusableTracePaths() throws {
        let folder = harness.directory.appendingPathComponent("folder").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try harness.check([
            BadInputCase(name: "missing", arguments: replay("/no/such/take.csv"), mentions: ["/no/such/take.csv", "does not exist"]),
            BadInputCase(name: "a folder", arguments: replay(folder), mentions: [folder, "is a directory"]),
            BadInputCase(name: "a device", arguments: replay("/dev/zero"), mentions: ["/dev/zero", "binary file"]),
        ])
        harness.report("trace paths")
    }

    /// Not mistakes: Windows line ends, a byte-order mark, both, extra columns and reordered columns all play.
    func testAcceptedVariantsPlay() throws {
        let rows = "0,0.5,0.5,1\n0.5,0.6,0.4,1\n1.0,0.7,0.3,1\n"
        let variants: [(String, Data)] = [
            ("crlf", Data(("t,x,y,present\n" + rows).replacingOccurrences(of: "\n", with: "\r\n").utf8)),
            ("bom", Data([0xEF, 0xBB, 0xBF]) + Data(("t,x,y,present\n" + rows).utf8)),
            ("bom-crlf", Data([0xEF, 0xBB, 0xBF]) + Data(("t,x,y,present\n" + rows).replacingOccurrences(of: "\n", with: "\r\n").utf8)),
            ("extra-columns", Data(("t,x,y,present,confidence,colour\n" + rows.replacingOccurrences(of: "1\n", with: "1,0.9,red\n")).utf8)),
            ("reordered", Data(("present,y,x,t\n1,0.5,0.5,0\n1,0.4,0.6,0.5\n1,0.3,0.7,1.0\n").utf8)),
        ]
        var outputs: [Data] = []
        for (name, data) in variants {
            let trace = harness.file("\(name).csv", data: data)
            let sound = harness.outputs.appendingPathComponent("\(name).wav").path
            let result = try ProcessRunner.run(harness.binary, ["--replay", trace, "--output", sound], environment: harness.baseEnvironment)
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            XCTAssertEqual(result.stderr, "", name)
            outputs.append(FileManager.default.contents(atPath: sound) ?? Data())
        }
        XCTAssertGreaterThan(outputs[0].count, 48_000 * 2 * 3, "a second of sound at least")
        XCTAssertTrue(outputs.allSatisfy { $0 == outputs[0] }, "every variant is the same performance, bit for bit")
    }
}

/// Writes `total` copies of one byte into a FIFO from a background thread, until the reader goes away.
final class FIFOWriter: @unchecked Sendable {
    private let path: String
    private let done = DispatchSemaphore(value: 0)
    private let count = Locked(0)

    init(path: String, byte: UInt8, total: Int) {
        self.path = path
        // A reader that goes away must give EPIPE here, not end the test process.
        signal(SIGPIPE, SIG_IGN)
        Thread { [self] in
            let chunk = [UInt8](repeating: byte, count: 64 * 1024)
            let descriptor = open(path, O_WRONLY | O_CLOEXEC)   // waits for a reader
            if descriptor >= 0 {
                var sent = 0
                while sent < total {
                    let written = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, min(chunk.count, total - sent)) }
                    if written <= 0 { break }
                    sent += written
                    count.update { $0 = sent }
                }
                close(descriptor)
            }
            done.signal()
        }.start()
    }

    /// Bytes the reader took.
    var written: Int { count.value }

    /// Ends the writer: a reader that never came is stood in for (opened and closed), so the open returns.
    func finish() {
        let stand = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if stand >= 0 { close(stand) }
        done.wait()
        done.signal()
    }
}
