import XCTest
import Foundation
import ThereminCore
import ThereminTestSupport

/// `--osc-out` end to end, against real receivers on loopback: the demo played live reaches oscdump frame by frame
/// (bundles in the documented order, stamped near now, the tune's notes); a render's performance reaches Pure Data;
/// a malformed HOST:PORT is a usage error; a host that does not resolve is one line and the render goes on.
final class OSCOutTests: BinaryTestCase {
    /// The tune's notes (Ode to Joy in C: C4 to G4).
    private let tuneNotes: Set<Int> = [60, 62, 64, 65, 67]

    func testTheDemoPlayedLiveSendsEveryFrameToOscdump() throws {
        let receiver = try OSCReceivers.oscdump(in: directory)
        defer { receiver.stop() }
        let paced = try ALSATestEnvironment.requirePacedDevice()
        let config = directory.appendingPathComponent("asound.conf").path
        try Data(ALSATestEnvironment.configuration(defaultCapture: "/dev/null", extra: paced).utf8)
            .write(to: URL(fileURLWithPath: config))
        let capture = directory.appendingPathComponent("sound.raw").path
        let running = try ProcessRunner.spawn(binary, ["--demo", "--no-preview", "--audio-device", "paced:FILE=\(capture)",
                                                       "--osc-out", "127.0.0.1:\(receiver.port)", "--stats"],
                                              environment: ["ALSA_CONFIG_PATH": config, "XDG_CONFIG_HOME": directory.path])
        // Until 90 frames (1.5 s at 60 fps, the first notes) arrived, six messages or more each.
        let lines = receiver.lines(atLeast: 90 * 6)
        running.signal(SIGINT)
        let result = running.wait()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("OSC out to 127.0.0.1:\(receiver.port): "), result.stderr)
        XCTAssertTrue(result.stderr.contains("age capture→sent median"), result.stderr)

        let bundles = Self.bundles(lines)
        XCTAssertGreaterThanOrEqual(bundles.count, 80)
        let now = Date().timeIntervalSince1970 + 2_208_988_800
        var previous = 0.0
        var notes: Set<Int> = []
        for bundle in bundles {
            let addresses = bundle.messages.map(\.address)
            XCTAssertEqual(Array(addresses.prefix(5)), ["/theremin/pitch", "/theremin/note", "/theremin/level",
                                                        "/theremin/gate", "/theremin/hands"], "\(bundle)")
            // Time tags: the capture times, in order, on the wall clock of this run.
            XCTAssertGreaterThanOrEqual(bundle.time, previous)
            XCTAssertLessThan(abs(bundle.time - now), 60, "time tag \(bundle.time) is not near now (\(now))")
            previous = bundle.time
            guard bundle.messages.count >= 6, let pitch = Double(bundle.messages[0].values.first ?? ""),
                  let note = Int(bundle.messages[1].values.first ?? "") else { continue }
            // The note and its cents say the same pitch.
            if let cents = Double(bundle.messages[1].values.last ?? "") {
                XCTAssertEqual(Note.midi(frequency: pitch) * 100, Double(note) * 100 + cents, accuracy: 0.1)
            }
            if bundle.messages[3].values == ["1"] { notes.insert(note) }
            XCTAssertEqual(bundle.messages[5].address, "/theremin/hand/1/tip")
        }
        XCTAssertTrue(notes.contains(64), "the opening E4 among the notes played: \(notes.sorted())")
        XCTAssertTrue(notes.isSubset(of: tuneNotes.union(tuneNotes.map { $0 - 1 }).union(tuneNotes.map { $0 + 1 })),
                      "only the tune's notes and the glides between neighbours: \(notes.sorted())")
    }

    func testARenderSendsItsPerformanceToPureData() throws {
        let receiver = try OSCReceivers.pureData(in: directory)
        defer { receiver.stop() }
        let output = directory.appendingPathComponent("demo.wav").path
        let result = try ProcessRunner.run(binary, ["--demo", "--output", output, "--osc-out", "127.0.0.1:\(receiver.port)",
                                                    "--stats"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("0 dropped, 0 failed"), result.stderr)
        // The demo is about 20 s at 60 fps: well over 500 bundles of 6 messages (Pd may lose some of a burst).
        let lines = receiver.lines(atLeast: 500 * 6)
        XCTAssertGreaterThanOrEqual(lines.count, 500 * 6, "Pure Data received \(lines.count) messages")
        var notes: Set<Int> = []
        var order: [String] = []
        for (index, line) in lines.enumerated() {
            let words = line.split(separator: " ").map(String.init)
            guard words.count >= 3, words[0] == "theremin" else { return XCTFail("not theremin's: \(line)") }
            let name = words[1] == "hand" ? words.dropFirst().prefix(3).joined(separator: "/") : words[1]
            order.append(name)
            if name == "gate", words[2] == "1", index >= 3, let note = Int(lines[index - 2].split(separator: " ")[2]) {
                notes.insert(note)
            }
        }
        // Every bundle in the documented order: pitch, note, level, gate, hands, then the hand's tip.
        let first = order.firstIndex(of: "pitch") ?? 0
        XCTAssertEqual(Array(order[first..<(first + 6)]), ["pitch", "note", "level", "gate", "hands", "hand/1/tip"])
        XCTAssertTrue(tuneNotes.isSubset(of: notes), "the tune's notes \(tuneNotes.sorted()) among \(notes.sorted())")
    }

    func testAMalformedAddressIsAUsageError() throws {
        for bad in ["9000", "localhost", "localhost:99999", "localhost:port"] {
            let result = try ProcessRunner.run(binary, ["--demo", "--output", directory.appendingPathComponent("x.wav").path,
                                                        "--osc-out", bad])
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("--osc-out needs HOST:PORT"), result.stderr)
            XCTAssertTrue(result.stderr.contains("'\(bad)'"), result.stderr)
        }
    }

    func testAHostThatDoesNotResolveIsOneLineAndTheRenderGoesOn() throws {
        let output = directory.appendingPathComponent("demo.wav").path
        let result = try ProcessRunner.run(binary, ["--demo", "--output", output, "--osc-out", "no-such-host.invalid:9000"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("OSC") }
        XCTAssertEqual(lines.count, 1, result.stderr)
        XCTAssertTrue(lines.first?.contains("cannot send to no-such-host.invalid:9000") == true, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: output))
    }

    /// oscdump's lines grouped by time tag: one group per bundle.
    struct Bundle: CustomStringConvertible {
        var time: Double
        var messages: [(address: String, values: [String])]
        var description: String { messages.map { ([$0.address] + $0.values).joined(separator: " ") }.joined(separator: "; ") }
    }

    static func bundles(_ lines: [String]) -> [Bundle] {
        var bundles: [Bundle] = []
        var tag = ""
        for line in lines {
            let words = line.split(separator: " ").map(String.init)
            guard words.count >= 3 else { continue }
            let parts = words[0].split(separator: ".")
            guard parts.count == 2, let seconds = UInt64(parts[0], radix: 16), let fraction = UInt64(parts[1], radix: 16)
            else { continue }
            if words[0] != tag || bundles.isEmpty {
                tag = words[0]
                bundles.append(Bundle(time: Double(seconds) + Double(fraction) / 4_294_967_296, messages: []))
            }
            bundles[bundles.count - 1].messages.append((words[1], Array(words.dropFirst(3))))
        }
        return bundles
    }
}
