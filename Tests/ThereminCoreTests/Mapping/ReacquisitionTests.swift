import Foundation
import XCTest
import ThereminCore
import ThereminTestSupport

/// A hand the tracker finds afresh starts the smoothing again, live and in a replay of its trace alike.
final class ReacquisitionTests: XCTestCase {
    /// A hand held at y 0.2 for a second, then a hand at y 0.8 on the next frame (no frame without a hand between).
    private func samples(acquiredAtTheJump: Bool) -> [HandSample] {
        var samples = (0..<30).map { HandSample(t: Double($0) / 30, x: 0.5, y: 0.2, present: true) }
        samples.append(HandSample(t: 1, x: 0.5, y: 0.8, present: true, acquired: acquiredAtTheJump))
        return samples
    }

    private func lastFrequency(_ samples: [HandSample]) -> Double {
        var mapper = ControlMapper()
        var control = Control(frequency: 0, amplitude: 0, gate: false)
        for sample in samples { control = mapper.control(for: sample) }
        return control.frequency
    }

    func testAnAcquiredHandIsNotDraggedFromTheHandBefore() {
        let direct = 440 - 220 * 0.8
        XCTAssertEqual(lastFrequency(samples(acquiredAtTheJump: true)), direct, accuracy: 0.01,
                       "smoothing starts at the new hand")
        XCTAssertGreaterThan(lastFrequency(samples(acquiredAtTheJump: false)), direct + 5,
                             "a followed hand is smoothed from where it was")
    }

    func testTheTraceKeepsAcquiredSoAReplayRestartsWherePlayDid() throws {
        let folder = try temporaryFolder(prefix: "acquired")
        let path = folder.path("take.csv")
        let writer = try TraceWriter(path: path, metadata: TraceMetadata())
        for sample in samples(acquiredAtTheJump: true) { try writer.write(sample) }
        try writer.write(HandSample.absent(at: 1.1))
        try writer.finish()
        let trace = try TraceReader.read(path: path)
        XCTAssertEqual(trace.samples.map(\.acquired), Array(repeating: false, count: 30) + [true, false])
        XCTAssertEqual(lastFrequency(Array(trace.samples.prefix(31))), lastFrequency(samples(acquiredAtTheJump: true)))

        let old = folder.path("old.csv")
        try "t,x,y,present\n0,0.5,0.2,1\n".write(toFile: old, atomically: true, encoding: .utf8)
        XCTAssertEqual(try TraceReader.read(path: old).samples.map(\.acquired), [false], "traces without the column")
        let bad = folder.path("bad.csv")
        try "t,x,y,present,acquired\n0,0.5,0.2,1,yes\n".write(toFile: bad, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try TraceReader.read(path: bad)) { error in
            XCTAssertTrue("\(error)".contains("acquired is `yes`; expected 0, 1 or empty"), "\(error)")
        }
    }
}
