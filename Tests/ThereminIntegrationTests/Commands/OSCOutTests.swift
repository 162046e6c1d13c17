import XCTest
import Foundation
import ThereminCore
import ThereminTestSupport

/// `--osc-out` end to end, against real receivers on loopback: the demo played live reaches oscdump frame by frame
/// (bundles in the documented order, stamped near now, the tune's notes), and Pure Data; a replay follows the sound;
/// an offline --input sends every frame stamped with its time; a refused port is one line;
/// a malformed HOST:PORT is a usage error; a host that does not resolve is one line and the render goes on.
final class OSCOutTests: BinaryTestCase {
    /// The tune's notes (Ode to Joy in C: C4 to G4).
    private let tuneNotes: Set<Int> = [60, 62, 64, 65, 67]

    func testTheDemoPlayedLiveSendsEveryFrameToOscdump() throws {
        let receiver = try OSCReceivers.oscdump(in: directory)
        defer { receiver.stop() }
        let running = try playLive(["--demo", "--no-preview"], to: receiver)
        // Until 90 frames (3 s at the demo's 30 fps, the first bar) arrived, six messages or more each.
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
            // The demo's hand has no landmarks, so no depth: the tip keeps its four values, z 0.
            XCTAssertEqual(bundle.messages[5].values.count, 4, "\(bundle)")
            XCTAssertEqual(bundle.messages[5].values.dropFirst(2).first, "0.000000", "\(bundle)")
        }
        XCTAssertTrue(notes.contains(64), "the opening E4 among the notes played: \(notes.sorted())")
        XCTAssertTrue(notes.isSubset(of: tuneNotes.union(tuneNotes.map { $0 - 1 }).union(tuneNotes.map { $0 + 1 })),
                      "only the tune's notes and the glides between neighbours: \(notes.sorted())")
    }

    func testPureDataReceivesTheDemoPlayedLive() throws {
        let receiver = try OSCReceivers.pureData(in: directory)
        defer { receiver.stop() }
        let running = try playLive(["--demo", "--no-preview"], to: receiver)
        // The first bar (E4 E4 F4 G4, 2.5 s at 30 bundles a second), six messages a bundle.
        let lines = receiver.lines(atLeast: 80 * 6)
        running.signal(SIGINT)
        let result = running.wait()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertGreaterThanOrEqual(lines.count, 80 * 6, "Pure Data received \(lines.count) messages")
        var notes: Set<Int> = []
        var order: [String] = []
        for (index, line) in lines.enumerated() {
            let words = line.split(separator: " ").map(String.init)
            guard words.count >= 3, words[0] == "theremin" else { return XCTFail("not theremin's: \(line)") }
            order.append(words[1] == "hand" ? words.dropFirst().prefix(3).joined(separator: "/") : words[1])
            if order.last == "gate", words[2] == "1", index >= 2,
               let note = Int(lines[index - 2].split(separator: " ").dropFirst(2).first ?? "") {
                notes.insert(note)
            }
        }
        // Every bundle in the documented order: pitch, note, level, gate, hands, then the hand's tip.
        let bundle = ["pitch", "note", "level", "gate", "hands", "hand/1/tip"]
        let first = order.firstIndex(of: "pitch") ?? 0
        let whole = (order.count - first) / bundle.count
        XCTAssertEqual(Array(order[first..<(first + whole * bundle.count)]),
                       Array(repeating: bundle, count: whole).flatMap { $0 })
        XCTAssertTrue([64, 65, 67].allSatisfy(notes.contains), "E4, F4 and G4 among the notes played: \(notes.sorted())")
    }

    func testAReplayPlayedLiveFollowsTheSound() throws {
        let receiver = try OSCReceivers.oscdump(in: directory)
        defer { receiver.stop() }
        let trace = directory.appendingPathComponent("demo.csv").path
        let render = try ProcessRunner.run(binary, ["--demo", "--output", directory.appendingPathComponent("d.wav").path,
                                                    "--record", trace])
        XCTAssertEqual(render.status, 0, render.stderr)
        let running = try playLive(["--replay", trace], to: receiver)
        // The demo trace is 30 frames a second: 45 bundles are the first 1.5 s heard.
        let lines = receiver.lines(atLeast: 45 * 6)
        running.signal(SIGINT)
        let result = running.wait()
        XCTAssertEqual(result.status, 0, result.stderr)
        let bundles = Self.bundles(lines)
        XCTAssertGreaterThanOrEqual(bundles.count, 40)
        XCTAssertTrue(bundles.allSatisfy { $0.messages.first?.address == "/theremin/pitch" }, "\(bundles.prefix(3))")
        XCTAssertTrue(bundles.contains { $0.messages.count > 3 && $0.messages[3].values == ["1"] }, "a sounding frame")
        // Stamped when heard: in order, a frame (1/30 s) or so apart on average, not all at once.
        let span = (bundles.last?.time ?? 0) - (bundles.first?.time ?? 0)
        XCTAssertGreaterThan(span, Double(bundles.count - 1) / 30 * 0.5, "bundles stamped over \(span) s")
    }

    func testAnOfflineInputSendsEveryFrame() throws {
        try TestMedia.requireFFmpeg()
        let receiver = try OSCReceivers.oscdump(in: directory)
        defer { receiver.stop() }
        let clip = directory.appendingPathComponent("gray.mp4").path
        try TestMedia.runFFmpeg(["-f", "lavfi", "-i", "color=c=gray:s=320x240:rate=10", "-frames:v", "20", "-pix_fmt", "yuv420p", clip])
        let result = try ProcessRunner.run(binary, ["--input", clip, "--record", directory.appendingPathComponent("t.csv").path,
                                                    "--osc-out", "127.0.0.1:\(receiver.port)", "--stats"])
        XCTAssertEqual(result.status, 0, result.stderr)
        // 20 frames and the closing fade, none dropped; no hand in a gray picture: 5 messages each.
        XCTAssertTrue(result.stderr.contains("21 bundles, 105 messages"), result.stderr)
        let bundles = Self.bundles(receiver.lines(atLeast: 21 * 5))
        XCTAssertEqual(bundles.count, 21)
        XCTAssertTrue(bundles.allSatisfy { $0.messages.map(\.address).last == "/theremin/hands" && $0.messages.last?.values == ["0"] })
        // Stamped with the frames' times in the clip: 0.1 s apart.
        if bundles.count == 21 { XCTAssertEqual(bundles[20].time - bundles[0].time, 2.0, accuracy: 0.01) }
    }

    func testARefusedPortIsOneLineAndTheRenderGoesOn() throws {
        let port = OSCReceivers.freeUDPPort()
        let output = directory.appendingPathComponent("demo.wav").path
        let result = try ProcessRunner.run(binary, ["--demo", "--output", output, "--osc-out", "127.0.0.1:\(port)"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("OSC") }
        XCTAssertEqual(lines.count, 1, result.stderr)
        XCTAssertTrue(lines.first?.contains("127.0.0.1:\(port): Connection refused: start the receiver") == true, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: output))
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

    /// Starts live play (`arguments`: the demo or a replay) into the paced ALSA test device, with OSC to `receiver`.
    private func playLive(_ arguments: [String], to receiver: OSCReceivers.Receiver) throws -> ProcessRunner.Running {
        let paced = try ALSATestEnvironment.requirePacedDevice()
        let config = directory.appendingPathComponent("asound.conf").path
        try Data(ALSATestEnvironment.configuration(defaultCapture: "/dev/null", extra: paced).utf8)
            .write(to: URL(fileURLWithPath: config))
        let capture = directory.appendingPathComponent("sound.raw").path
        return try ProcessRunner.spawn(binary, arguments + ["--audio-device", "paced:FILE=\(capture)",
                                                            "--osc-out", "127.0.0.1:\(receiver.port)", "--stats"],
                                       environment: ["ALSA_CONFIG_PATH": config, "XDG_CONFIG_HOME": directory.path])
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
