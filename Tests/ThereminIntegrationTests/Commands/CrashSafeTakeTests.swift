import XCTest
import Foundation
import ThereminCore
import ThereminTestSupport

/// Takes that survive a crash (issue 12, item 5), end to end with the real binary and real files: a live
/// `--record` killed with SIGKILL leaves the take under its name, parseable up to its last row; an existing take is
/// never replaced (the next free name is used and named); the next start names what was left with the command that
/// recovers it, and that command works.
final class CrashSafeTakeTests: BinaryTestCase {
    private var environment: [String: String] { ["XDG_CONFIG_HOME": directory.appendingPathComponent("config").path] }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    @discardableResult
    private func write(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path(name)))
        return path(name)
    }

    /// A complete earlier take, fit for replay.
    private var earlierTake: String {
        var text = "# theremin-trace 1\nt,x,y,present\n"
        for i in 0..<10 { text += "\(Double(i) / 10),0.7,\(Double(i) / 20),1\n" }
        return text
    }

    /// Rows (not comments, not the header) in the file at `path` as it is now.
    private func rowCount(_ path: String) -> Int {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return 0 }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("t,") }.count
    }

    /// The command a "… with: theremin --recover PATH" line gives, as arguments.
    private func recoverArguments(in text: String, naming take: String) -> [String]? {
        guard let line = text.split(separator: "\n").first(where: { $0.contains(take) && $0.contains("with: ") }),
              let range = line.range(of: "with: theremin ") else { return nil }
        // The paths of these tests need no quoting: the command is words separated by spaces.
        return line[range.upperBound...].split(separator: " ").map(String.init)
    }

    func testSIGKILLDuringALiveRecordingLeavesTheTakeUnderItsNameAndTheNextStartRecoversIt() throws {
        var options = FakeCamera.Options()
        options.video = try TestMedia.requireSelfieClip().path
        options.rates = [30]
        let camera = try FakeCamera.startOrSkip(options)
        defer { camera.stop() }
        let paced = try ALSATestEnvironment.requirePacedDevice()
        let config = try write("asound.conf", ALSATestEnvironment.configuration(defaultCapture: "/dev/null", extra: paced))
        let earlier = try write("take.csv", earlierTake)

        let running = try ProcessRunner.spawn(binary, [
            "--camera", camera.devicePath, "--audio-device", "paced:FILE=\(path("sound.raw"))", "--record", earlier,
            "--no-preview",
        ], environment: environment.merging(["ALSA_CONFIG_PATH": config]) { $1 })
        let take = path("take-1.csv")
        _ = waitUntil(timeout: 30, every: 0.05) { rowCount(take) >= 60 || !running.process.isRunning }
        let rowsBeforeKill = rowCount(take)
        running.signal(SIGKILL)
        let killed = running.wait()
        XCTAssertGreaterThanOrEqual(rowsBeforeKill, 60, "two seconds were recorded before the kill: \(killed.stderr)")
        XCTAssertEqual(running.process.terminationReason, .uncaughtSignal, killed.stderr)
        XCTAssertEqual(killed.status, SIGKILL, "it died of the SIGKILL: \(killed.stderr)")
        XCTAssertTrue(killed.stderr.contains("recording to \(take) (\(earlier) exists)"), killed.stderr)

        // The earlier take is untouched; the killed one is under its (numbered) name, every row up to the kill.
        XCTAssertEqual(try String(contentsOfFile: earlier, encoding: .utf8), earlierTake)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".part") }, [])
        let trace = try TraceReader.read(path: take)
        XCTAssertTrue(trace.interrupted, "no end marker: the reader knows it was interrupted")
        XCTAssertGreaterThanOrEqual(trace.samples.count, rowsBeforeKill)
        XCTAssertGreaterThan(trace.samples.filter(\.present).count, trace.samples.count / 2, "the hand was followed")
        print("SIGKILL fault test: \(rowsBeforeKill) rows seen before the kill, \(trace.samples.count) read after it "
              + "(torn row: \(trace.tornLine.map(String.init) ?? "none"))")

        // The next start names it, with the command that recovers it.
        let next = try ProcessRunner.run(binary, ["--replay", earlier, "--output", path("earlier.wav")],
                                         environment: environment)
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertTrue(next.stderr.contains("take \(take) was interrupted"), next.stderr)
        let command = try XCTUnwrap(recoverArguments(in: next.stderr, naming: take), next.stderr)
        XCTAssertEqual(command, ["--recover", take])

        let recovered = try ProcessRunner.run(binary, command, environment: environment)
        XCTAssertEqual(recovered.status, 0, recovered.stderr)
        XCTAssertTrue(recovered.stdout.hasPrefix("recovered \(take): \(trace.samples.count) frames"), recovered.stdout)
        let complete = try TraceReader.read(path: take)
        XCTAssertFalse(complete.interrupted)
        XCTAssertEqual(complete.samples, trace.samples)

        // Recovered, it is not named again.
        let after = try ProcessRunner.run(binary, ["--replay", earlier, "--output", path("again.wav")], environment: environment)
        XCTAssertEqual(after.status, 0, after.stderr)
        XCTAssertFalse(after.stderr.contains("interrupted"), after.stderr)
    }

    func testAnOfflineRecordTakesTheNextFreeNameAndAnOldPartialTraceIsNamedWithItsRecovery() throws {
        let image = path("still.ppm")
        try BadInputHarness.tinyImage.write(to: URL(fileURLWithPath: image))
        let leftover = try write(".old.csv.4194399.part", earlierTake + "0.99,0.5")
        let first = try ProcessRunner.run(binary, ["--input", image, "--record", path("take.csv")], environment: environment)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("; trace \(path("take.csv"))\n"), first.stdout)
        XCTAssertEqual(recoverArguments(in: first.stderr, naming: leftover), ["--recover", leftover], first.stderr)
        let firstTake = try Data(contentsOf: URL(fileURLWithPath: path("take.csv")))

        let second = try ProcessRunner.run(binary, ["--input", image, "--record", path("take.csv")], environment: environment)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stdout.contains("; trace \(path("take-1.csv")) (\(path("take.csv")) exists)"), second.stdout)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("take.csv"))), firstTake, "not replaced")
        XCTAssertEqual(try TraceReader.read(path: path("take-1.csv")).samples.count, 1)

        let recovered = try ProcessRunner.run(binary, ["--recover", leftover], environment: environment)
        XCTAssertEqual(recovered.status, 0, recovered.stderr)
        XCTAssertEqual(recovered.stdout, "recovered \(path("old.csv")): 10 frames, 0.9 s; cut the torn last row (8 bytes); "
                       + "moved from \(leftover)\n")
        XCTAssertEqual(try String(contentsOfFile: path("old.csv"), encoding: .utf8), earlierTake)
    }

    func testAnInterruptedTakeWithATornRowReplaysAndRecovers() throws {
        let head = "# theremin-trace 1\n# recording: live\nt,x,y,present,confidence,acquired\n"
        var rows = ""
        for i in 0..<30 { rows += String(format: "%.6f,0.600000,%.6f,1,0.950,%d\n", Double(i) / 30, Double(i) / 60, i == 0 ? 1 : 0) }
        let take = try write("torn.csv", head + rows + "1.000000,0.6")
        let replay = try ProcessRunner.run(binary, ["--replay", take, "--output", path("torn.wav")], environment: environment)
        XCTAssertEqual(replay.status, 0, replay.stderr)
        XCTAssertTrue(replay.stderr.contains("interrupted take: playing the 30 frames it holds"), replay.stderr)
        XCTAssertEqual(recoverArguments(in: replay.stderr, naming: take), ["--recover", take])
        let recovered = try ProcessRunner.run(binary, ["--recover", take], environment: environment)
        XCTAssertEqual(recovered.status, 0, recovered.stderr)
        XCTAssertTrue(recovered.stdout.contains("cut the torn last row (12 bytes)"), recovered.stdout)
        XCTAssertEqual(try String(contentsOfFile: take, encoding: .utf8), head + rows + "# end: 30 frames, recovered\n")
        let again = try ProcessRunner.run(binary, ["--recover", take], environment: environment)
        XCTAssertEqual(again.stdout, "\(take) is complete (30 frames, 1.0 s): nothing to recover\n")
    }
}
