import XCTest
import Foundation
import ThereminCore
import ThereminTestSupport

/// theremin on a PipeWire desktop (issue 12, item 4): the built binary plays through pipewire-alsa (ALSA's `default`)
/// into a private PipeWire server started once for this class; what reaches the sink is recorded from its monitor,
/// and the server itself is asked what quantum its graph ran at and what latency it reports.
final class PipeWirePlayTests: BinaryTestCase {
    /// The class's server (or why it did not start), shared by its tests: starting one takes about half a second.
    nonisolated(unsafe) private static var started: Result<PipeWireServer, any Error>?

    override class func setUp() {
        super.setUp()
        started = Result { try PipeWireServer.start() }
    }

    override class func tearDown() {
        if case .success(let server)? = started { server.stop() }
        started = nil
        super.tearDown()
    }

    /// The running server, or a skip naming what is missing; a server that is installed but did not start fails.
    private func server() throws -> PipeWireServer {
        switch Self.started {
        case .success(let server)?: return server
        case .failure(let unavailable as PipeWireUnavailable)?: throw XCTSkip(unavailable.description)
        case .failure(let error)?: throw error
        case nil: throw PipeWireError(description: "the class's server was not started")
        }
    }

    /// `--replay` through pipewire-alsa: the note reaches the sink in tune, theremin's stream is named "theremin" and
    /// asks for its period as `node.latency`, and the graph runs at a quantum no longer than that while it plays.
    func testReplayIsHeardAtTheSinkAndTheGraphRunsAtTheAskedPeriod() throws {
        let server = try server()
        var trace = "t,x,y,present\n"
        for i in 0...75 { trace += "\(Double(i) / 30),0.8,0.5,1\n" }  // 2.5 s at y = 0.5: 440 - 220 * 0.5 = 330 Hz
        let tracePath = directory.appendingPathComponent("steady.csv").path
        try Data(trace.utf8).write(to: URL(fileURLWithPath: tracePath))

        let session = try PlaySession(server: server, folder: directory)
        let running = try ProcessRunner.spawn(binary, ["--replay", tracePath, "--volume", "1"],
                                              environment: server.clientEnvironment)
        let stream = session.waitForStream(of: running)
        let result = running.wait()
        let heard = try session.finish()

        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("replayed \(tracePath): ") && result.stdout.contains(" on default, "), result.stdout)
        let node = try XCTUnwrap(stream, "theremin's stream never appeared in the graph: \(server.logTails())")
        XCTAssertEqual(node.name, "theremin", "the stream is named for pw-top and the mixer (not 'ALSA Playback')")
        try checkQuantum(session.profile, node: node, server: server)

        // The steady note at the sink, measured by the pitch estimator over a second of the loud part.
        let start = try XCTUnwrap(heard.firstIndex { abs($0) > 0.05 }, "nothing reached the sink")
        let window = Array(heard.dropFirst(start + 24_000).prefix(2_048))
        XCTAssertEqual(window.count, 2_048, "at least half a second of sound reached the sink")
        let pitch = PitchEstimator(sampleRate: 48_000, minFrequency: 150, maxFrequency: 600).estimate(window)
        XCTAssertLessThan(abs(SignalMeasurements.cents(pitch?.frequency ?? 0, 330)), 2, "heard \(String(describing: pitch))")
    }

    /// Live play from the fake camera through pipewire-alsa: the sound at the sink follows the fingertip, the graph
    /// runs at a quantum no longer than theremin's period, and `--stats`' applied→audible includes the latency the
    /// server reports downstream of theremin's stream (here a sink that reports 30 ms of its own, as a USB or
    /// Bluetooth device does).
    func testLivePlayFollowsTheHandAndAudibleIncludesTheServersLatency() throws {
        let server = try server()
        let clip = try TestMedia.requireSelfieClip()
        var options = FakeCamera.Options()
        options.video = clip.path
        let camera = try FakeCamera.startOrSkip(options)
        defer { camera.stop() }
        let tracePath = directory.appendingPathComponent("live.csv").path

        let session = try PlaySession(server: server, folder: directory)
        var environment = server.clientEnvironment
        environment["XDG_CONFIG_HOME"] = directory.path
        environment["PIPEWIRE_ALSA"] = "{ node.name = \"my-theremin\" }"  // a player's own properties are kept
        let running = try ProcessRunner.spawn(binary, [
            "--camera", camera.devicePath, "--record", tracePath, "--stats", "--no-preview", "--volume", "1",
        ], environment: environment)
        let stream = session.waitForStream(of: running)
        let recorded = waitForRecording(named: "live.csv", lines: 90, timeout: 30)
        running.signal(SIGINT)
        let result = running.wait()
        let heard = try session.finish()

        XCTAssertTrue(recorded, "three seconds of frames were recorded: \(result.stderr)")
        XCTAssertEqual(result.status, 0, result.stderr)
        let node = try XCTUnwrap(stream, "theremin's stream never appeared in the graph: \(server.logTails())")
        XCTAssertEqual(node.name, "my-theremin")
        let quantum = try checkQuantum(session.profile, node: node, server: server)

        // The pitch at the sink follows the recorded fingertip (time axes aligned from the first sound).
        let samples = try TraceReader.read(path: tracePath).samples
        let start = try XCTUnwrap(heard.firstIndex { abs($0) > 1e-3 }, "nothing reached the sink")
        let error = PitchAlignment.bestMedianCents(audio: Array(heard[start...]), sampleRate: 48_000, trace: samples)
        XCTAssertLessThan(error?.cents ?? 1_000, 30, "pitch at the sink follows the fingertip (lag \(error?.lag ?? 0) s)")

        // applied→audible includes what the server reports downstream of theremin's stream (the sink's 30 ms and
        // its quantum), less at most the part of a cycle already elapsed when theremin asked, and adds no more than
        // theremin's own buffer (3 periods) and some scheduling slack.
        let reported = try XCTUnwrap(node.downstreamLatency, "the server reports no latency for theremin's stream")
            .seconds(quantum: Int(quantum.rounded()), rate: server.sampleRate)
        XCTAssertGreaterThanOrEqual(reported, server.sinkLatency, "the sink's latency reaches theremin's stream")
        let audible = try XCTUnwrap(Self.median(of: "applied→audible", in: result.stderr), result.stderr)
        let cycle = quantum / Double(server.sampleRate)
        let buffer = 3 * Double(node.requestedLatency?.frames ?? 240) / Double(server.sampleRate)
        XCTAssertGreaterThanOrEqual(audible, reported - cycle, "audible includes the server's \(reported) s: \(result.stderr)")
        XCTAssertLessThanOrEqual(audible, reported + buffer + 0.010, "audible adds only theremin's buffer: \(result.stderr)")
    }

    /// Checks theremin's stream asked for its period (5 ms at 48 kHz by default) and that every cycle the server
    /// ran it in had a quantum no longer than that (1 % for the driver's rate correction); returns the median.
    @discardableResult
    private func checkQuantum(_ profile: PipeWireProfile?, node: PipeWireGraph.Node, server: PipeWireServer,
                              file: StaticString = #filePath, line: UInt = #line) throws -> Double {
        let asked = try XCTUnwrap(node.requestedLatency, "no node.latency on theremin's stream", file: file, line: line)
        XCTAssertEqual(asked.frames, 240, "the 5 ms period asked of the server", file: file, line: line)
        XCTAssertEqual(asked.rate, server.sampleRate, file: file, line: line)
        let quanta = try XCTUnwrap(profile, file: file, line: line).quanta(whileRunning: node.id, rate: server.sampleRate)
            .sorted()
        XCTAssertGreaterThan(quanta.count, 100, "cycles profiled while theremin played", file: file, line: line)
        XCTAssertLessThanOrEqual(quanta.last ?? .infinity, Double(asked.frames) * 1.01,
                                 "the longest quantum while theremin played (median \(quanta.middle ?? 0))",
                                 file: file, line: line)
        return quanta.middle ?? .infinity
    }

    /// The median of a `--stats` stage in seconds ("  applied→audible     43.9   45.2     177": 0.0439).
    static func median(of stage: String, in report: String) -> Double? {
        for line in report.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count > 1, fields[0] == stage, let milliseconds = Double(fields[1]) { return milliseconds / 1_000 }
        }
        return nil
    }
}

/// What runs beside theremin while it plays through the server: the sink's recording and the profiler.
private final class PlaySession {
    let server: PipeWireServer
    private let recording: PipeWireRecording
    private let profiler: PipeWireProfiler
    private(set) var profile: PipeWireProfile?

    init(server: PipeWireServer, folder: URL) throws {
        self.server = server
        recording = try PipeWireRecording(server: server, into: folder.appendingPathComponent("sink.wav").path)
        profiler = try PipeWireProfiler(server: server)
    }

    /// Polls the graph until theremin's playback stream is in it and linked (its downstream latency known), or the
    /// process ends; returns the stream as the server describes it then.
    func waitForStream(of running: ProcessRunner.Running, timeout: Double = 30) -> PipeWireGraph.Node? {
        let deadline = Date().addingTimeInterval(timeout)
        while running.process.isRunning && Date() < deadline {
            if let node = (try? server.graph())?.stream(ofProcess: running.process.processIdentifier),
               node.state == "running", node.downstreamLatency != nil {
                return node
            }
            usleep(50_000)
        }
        return nil
    }

    /// Stops the profiler and the recording; returns the sink's sound (left channel).
    func finish() throws -> [Float] {
        profile = try profiler.stop()
        return try recording.stop()
    }
}

private extension Array where Element == Double {
    /// The middle element of a sorted array.
    var middle: Double? { isEmpty ? nil : self[count / 2] }
}
