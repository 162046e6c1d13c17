import Foundation
import ThereminCore
import ThereminTestSupport
import XCTest

extension LivePlayTests {
    /// A 30 fps MJPEG camera that damages one frame in 15 (truncated, garbage or empty, as `--corrupt-jpeg` does):
    /// a broken frame is dropped before the tracker, and the hand tracked in the good frame before it is still
    /// tracked in the good frame after it (no reset, no search started over, no frame reported handless).
    func testTheHandStaysTrackedThroughBrokenFrames() throws {
        let corruption = (every: 15, seed: UInt64(22))
        let frameLog = directory.appendingPathComponent("broken.frames").path
        let camera = try startCamera(video: try TestMedia.requireSelfieClip().path) {
            $0.pixelFormats = ["MJPG"]
            $0.corruptJPEG = corruption
            $0.frameLog = frameLog
        }
        defer { camera.stop() }
        let (trace, _, _) = try recordLive(from: camera, into: "broken.csv", rows: 240)

        let rows = try rowsBySequence(trace: trace, frameLog: frameLog)
        let broken = rows.keys.filter { JPEGCorruption.of(sequence: $0, every: corruption.every, seed: corruption.seed) != .none }
        XCTAssertTrue(broken.isEmpty, "broken frames reached the tracker: \(broken.sorted())")
        // Each broken frame s between two tracked good frames: the hand in s - 1 is still the hand in s + 1. (A
        // loaded machine may skip s - 1 or s + 1; those pairs say nothing and are left out.)
        let last = rows.keys.max() ?? 0
        let pairs = (1..<max(1, last)).filter {
            JPEGCorruption.of(sequence: $0, every: corruption.every, seed: corruption.seed) != .none
                && rows[$0 - 1]?.present == true && rows[$0 + 1] != nil
        }
        XCTAssertGreaterThanOrEqual(pairs.count, 3, "broken frames between two tracked frames with the hand: \(pairs)")
        let lost = pairs.filter { rows[$0 + 1]?.present != true }
        XCTAssertTrue(lost.isEmpty, "the hand was lost right after broken frames \(lost) (of \(pairs))")
    }

    /// The take's rows by the camera sequence number of their frame (through the due times of the frame log).
    private func rowsBySequence(trace: String, frameLog: String) throws -> [UInt64: HandSample] {
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        let clock = text.split(separator: "\n").first { $0.hasPrefix("# clock: monotonic ") }
        let origin = try XCTUnwrap(clock.flatMap { Double($0.split(separator: " ").last ?? "") }, "the take's clock")
        var sequenceAt: [Int: UInt64] = [:]
        for line in try String(contentsOfFile: frameLog, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ")
            guard fields.count >= 2, let sequence = UInt64(fields[0]), let due = Double(fields[1]) else { continue }
            sequenceAt[Int((due * 1e6).rounded())] = sequence
        }
        var rows: [UInt64: HandSample] = [:]
        for row in try TraceReader.read(path: trace).samples {
            let stamp = Int(((origin + row.t) * 1e6).rounded())
            if let sequence = (stamp - 2...stamp + 2).lazy.compactMap({ sequenceAt[$0] }).first { rows[sequence] = row }
        }
        return rows
    }
}
