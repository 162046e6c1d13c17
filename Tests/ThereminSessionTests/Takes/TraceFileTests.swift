import Foundation
import XCTest
import ThereminCore
import ThereminSession
import ThereminTestSupport

/// A whole trace (the demo's, offline input's) is written under a free name, never over a file.
final class TraceFileTests: XCTestCase {
    func testAWholeTraceGoesUnderTheNextFreeNameAndReadsBack() throws {
        let folder = try temporaryFolder(prefix: "trace-file")
        let asked = folder.path("demo.csv")
        let trace = Trace(metadata: TraceMetadata([("title", "scale")]),
                          samples: (0..<12).map { HandSample(t: Double($0) / 30, x: 0.5, y: Double($0) / 12, present: true) })
        var named: [String] = []
        XCTAssertEqual(try TraceFile.write(trace, asked: asked) { named.append($0) }, asked)
        XCTAssertEqual(try TraceFile.write(trace, asked: asked) { named.append($0) }, folder.path("demo-1.csv"))
        XCTAssertEqual(named, [asked, folder.path("demo-1.csv")], "told before the file is created")
        for path in named {
            let read = try TraceReader.read(path: path)
            for (row, sample) in zip(read.samples, trace.samples) { XCTAssertEqual(row.y, sample.y, accuracy: 1e-6) }
            XCTAssertEqual(read.samples.count, 12)
            XCTAssertEqual(read.metadata["title"], "scale")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted(),
                       ["demo-1.csv", "demo.csv"], "no temporary left")
    }
}
