import XCTest
import Foundation
import ThereminTestSupport

/// `--osc-out` with a real hand: a second of the corpus's selfie clip tracked offline (`--input`) reaches oscdump and
/// Pure Data with the landmark model's depth in its place: the tip as x, y, z, confidence, equal to landmark 8, and
/// the landmarks as x y z per point, the wrist's z about 0 (depth is relative to it), every z finite and plausible.
final class OSCDepthTests: BinaryTestCase {
    func testOscdumpReceivesTheTipsAndLandmarksDepth() throws {
        let receiver = try OSCReceivers.oscdump(in: directory)
        defer { receiver.stop() }
        let sent = try trackClip(to: receiver)
        let bundles = OSCOutTests.bundles(receiver.lines(atLeast: sent.messages))
        XCTAssertEqual(bundles.count, sent.bundles)
        var hands = 0
        for bundle in bundles {
            guard let tip = bundle.messages.first(where: { $0.address == "/theremin/hand/1/tip" }) else { continue }
            let landmarks = bundle.messages.first { $0.address == "/theremin/hand/1/landmarks" }
            checkHand(tip: tip.values, landmarks: landmarks?.values ?? [], in: "\(bundle)")
            hands += 1
        }
        XCTAssertGreaterThanOrEqual(hands, 20, "frames with a hand, of \(bundles.count)")
    }

    func testPureDataReceivesTheTipsAndLandmarksDepth() throws {
        let receiver = try OSCReceivers.pureData(in: directory)
        defer { receiver.stop() }
        let sent = try trackClip(to: receiver)
        let lines = receiver.lines(atLeast: sent.messages)
        XCTAssertEqual(lines.count, sent.messages)
        // Lines "theremin hand 1 tip X Y Z C", then "theremin hand 1 side …", "theremin hand 1 landmarks …".
        var hands = 0
        for (index, line) in lines.enumerated() where line.hasPrefix("theremin hand 1 tip ") {
            let tip = line.split(separator: " ").dropFirst(4).map(String.init)
            let landmarks = lines[(index + 1)...].prefix(2).first { $0.hasPrefix("theremin hand 1 landmarks ") }
            checkHand(tip: tip, landmarks: landmarks?.split(separator: " ").dropFirst(4).map(String.init) ?? [],
                      in: line)
            hands += 1
        }
        XCTAssertGreaterThanOrEqual(hands, 20, "frames with a hand, of \(lines.count) messages")
    }

    /// Tracks the first second of the selfie clip with OSC to `receiver`; what `--stats` says was sent.
    private func trackClip(to receiver: OSCReceivers.Receiver) throws -> (bundles: Int, messages: Int) {
        try TestMedia.requireFFmpeg()
        let clip = directory.appendingPathComponent("hand.mp4").path
        try TestMedia.runFFmpeg(["-i", try TestMedia.requireSelfieClip().path, "-t", "1", "-pix_fmt", "yuv420p", clip])
        let result = try ProcessRunner.run(binary, ["--input", clip, "--output", directory.appendingPathComponent("o.wav").path,
                                                    "--osc-out", "127.0.0.1:\(receiver.port)", "--stats"])
        XCTAssertEqual(result.status, 0, result.stderr)
        // "OSC out to 127.0.0.1:PORT: B bundles, M messages (…/s), 0 dropped, 0 failed"
        let numbers = result.stderr.split(separator: "\n").first { $0.contains("OSC out to") }?
            .split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) } ?? []
        XCTAssertTrue(result.stderr.contains("0 dropped, 0 failed"), result.stderr)
        return try XCTUnwrap(numbers.count >= 7 ? (numbers[5], numbers[6]) : nil, "OSC figures in: \(result.stderr)")
    }

    /// One hand's tip (x y z confidence) and landmarks (x y z × 21) as the receiver printed them.
    private func checkHand(tip: [String], landmarks: [String], in context: String,
                           file: StaticString = #filePath, line: UInt = #line) {
        let tipValues = tip.compactMap(Double.init)
        let points = landmarks.compactMap(Double.init)
        guard tipValues.count == 4, points.count == 63 else {
            return XCTFail("tip x y z c and 63 landmark values: \(context)", file: file, line: line)
        }
        XCTAssertTrue((tipValues + points).allSatisfy(\.isFinite), context, file: file, line: line)
        let (x, y, z, confidence) = (tipValues[0], tipValues[1], tipValues[2], tipValues[3])
        XCTAssertLessThan(abs(z), 0.5, "the tip's depth, in frame widths from the wrist: \(context)", file: file, line: line)
        XCTAssertTrue((0.5...1).contains(confidence), context, file: file, line: line)
        // The tip is landmark 8, in the same x y z order.
        XCTAssertEqual(x, points[3 * 8], accuracy: 1e-5, context, file: file, line: line)
        XCTAssertEqual(y, points[3 * 8 + 1], accuracy: 1e-5, context, file: file, line: line)
        XCTAssertEqual(z, points[3 * 8 + 2], accuracy: 1e-5, context, file: file, line: line)
        // The wrist is depth's origin; the hand's joints lie off its plane, nearer or farther than it.
        XCTAssertLessThan(abs(points[2]), 0.01, "the wrist's z: \(context)", file: file, line: line)
        let depths = stride(from: 2, to: 63, by: 3).map { points[$0] }
        XCTAssertGreaterThan(depths.map(abs).max() ?? 0, 0.005, "a depth, not zeros: \(context)", file: file, line: line)
    }
}
