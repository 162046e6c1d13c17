import XCTest
import Foundation
import ThereminCore
import ThereminTestSupport

/// End to end: the built `theremin` binary replays traces into files and through ALSA's file plugin.
final class ReplayCommandTests: BinaryTestCase {
    private func writeTrace(_ name: String, _ text: String) -> String {
        let path = directory.appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    private var sweep: String {
        var text = "# theremin-trace 1\nt,x,y,present\n"
        for i in 0..<60 { text += "\(Double(i) / 30),0.8,\(Double(i) / 60),1\n" }
        return text
    }

    func testOfflineRenderIsBitIdenticalAcrossRuns() throws {
        let trace = writeTrace("sweep.csv", sweep)
        let a = directory.appendingPathComponent("a.wav").path
        let b = directory.appendingPathComponent("b.flac").path
        let c = directory.appendingPathComponent("c.flac").path
        for out in [a, b, c] {
            let result = try ProcessRunner.run(binary, ["--replay", trace, "--output", out, "--effect", "delay", "--wave", "triangle"])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stdout.contains("wrote \(out)"), result.stdout)
        }
        XCTAssertEqual(FileManager.default.contents(atPath: b), FileManager.default.contents(atPath: c))
        let wav = FileManager.default.contents(atPath: a) ?? Data()
        XCTAssertGreaterThan(wav.count, 48_000 * 2 * 3 * 2, "two seconds of 24-bit stereo at least")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".part") }
        XCTAssertEqual(leftovers, [])
    }

    func testReplayPlaysThroughALSAAndShowsTheNote() throws {
        let trace = writeTrace("steady.csv", "t,x,y,present\n0,1,0,1\n0.5,1,0,1\n1.0,1,0,1\n")
        let capture = directory.appendingPathComponent("capture.raw").path
        let config = directory.appendingPathComponent("asound.conf").path
        _ = FileManager.default.createFile(atPath: config, contents: Data(ALSATestEnvironment.configuration(defaultCapture: capture).utf8))
        let result = try ProcessRunner.run(binary, ["--replay", trace, "--volume", "1"],
                                           environment: ["ALSA_CONFIG_PATH": config])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("replayed \(trace): 1.6 s on default, 0 underrun(s)"), result.stdout)
        let audio = try ALSATestEnvironment.readFloatCapture(path: capture, channels: 2)
        let measured = SignalMeasurements.zeroCrossingFrequency(audio[4_800..<43_200], sampleRate: 48_000) ?? 0
        XCTAssertLessThan(abs(SignalMeasurements.cents(measured, 440)), 1)
    }

    func testBadTracesExitTwoWithOneLineNamingFileAndLine() throws {
        let cases: [(String, String, String)] = [
            ("empty.csv", "", "is empty"),
            ("nan.csv", "t,x,y,present\n0,nan,0.5,1\n", "line 2: x is nan, not a finite number"),
            ("back.csv", "t,x,y,present\n1,0.5,0.5,1\n0,0.5,0.5,1\n", "line 3: time goes backwards"),
            ("binary.csv", "\u{0}\u{1}\u{2}ELF", "binary file"),
        ]
        for (name, text, expected) in cases {
            let path = writeTrace(name, text)
            let out = directory.appendingPathComponent("\(name).wav").path
            let result = try ProcessRunner.run(binary, ["--replay", path, "--output", out])
            XCTAssertEqual(result.status, 2, name)
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "one line: \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(path) && result.stderr.contains(expected), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "no output file after an input error")
        }
        let missing = try ProcessRunner.run(binary, ["--replay", "/no/such/trace.csv"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("does not exist"), missing.stderr)
    }

    func testUsageErrorsAndVersion() throws {
        let unknown = try ProcessRunner.run(binary, ["--frobnicate"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "theremin: unknown option '--frobnicate'. See 'theremin --help'.\n")
        let version = try ProcessRunner.run(binary, ["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix("theremin "))
        let help = try ProcessRunner.run(binary, ["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("--replay TRACE"))
    }

    /// A disk that fills up midway through a render (WAV through the page-aligned raw path, FLAC and AIFF through
    /// libsndfile): one line naming the file, the reason and what to do, exit status 1, no temporary left behind,
    /// and an older file under the same name untouched.
    func testRenderOntoAFullDiskFailsCleanlyAndKeepsTheOlderFile() throws {
        let disk = try SmallDisk.mountOrSkip(at: directory.appendingPathComponent("small").path, size: "256k")
        defer { disk.unmount() }
        var text = "t,x,y,present\n"
        for i in 0..<300 { text += "\(Double(i) / 30),0.5,\(0.5 + 0.4 * sin(Double(i) / 10)),1\n" }
        let trace = writeTrace("ten-seconds.csv", text)  // 10 s of 24-bit stereo: 2.9 MB, far past 256 KiB
        let older = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        for name in ["take.wav", "take.flac", "take.aiff"] {
            let out = disk.path + "/" + name
            try older.write(to: URL(fileURLWithPath: out))
            let result = try ProcessRunner.run(binary, ["--replay", trace, "--output", out])
            XCTAssertEqual(result.status, 1, "\(name): a full disk is a runtime failure: \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "one line: \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(out) && result.stderr.contains("No space left on device")
                          && result.stderr.contains("free some space"), result.stderr)
            XCTAssertEqual(FileManager.default.contents(atPath: out), older, "\(name): the older file was changed")
            let left = try FileManager.default.contentsOfDirectory(atPath: disk.path).filter { $0.hasSuffix(".part") }
            XCTAssertEqual(left, [], "\(name): a temporary was left on the full disk")
            try FileManager.default.removeItem(atPath: out)
        }
        // A whole file written at the end (a MIDI file) says the same: the disk is full, exit status 1.
        let midi = disk.path + "/take.mid"
        let filler = disk.path + "/filler"
        try Data(count: 256 * 1_024).write(to: URL(fileURLWithPath: filler))  // the whole disk
        let result = try ProcessRunner.run(binary, ["--replay", trace, "--midi-file", midi, "--audio-device", "null"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains(midi) && result.stderr.contains("the disk is full"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: midi))
    }

    func testMissingAudioDeviceExitsTwo() throws {
        let trace = writeTrace("t.csv", "t,x,y,present\n0,1,0,1\n")
        let config = directory.appendingPathComponent("asound.conf").path
        _ = FileManager.default.createFile(atPath: config, contents: Data(ALSATestEnvironment.configuration(defaultCapture: "/dev/null").utf8))
        let result = try ProcessRunner.run(binary, ["--replay", trace, "--audio-device", "nosuch"],
                                           environment: ["ALSA_CONFIG_PATH": config])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("theremin: audio device 'nosuch': open failed"), result.stderr)
    }
}
