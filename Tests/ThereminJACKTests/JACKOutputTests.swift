import Foundation
import Synchronization
import XCTest
import ThereminCore
import ThereminTestSupport
@testable import ThereminJACK

/// The one-line notices an output gave, from its own thread.
final class NoticeLog: Sendable {
    let lines = Mutex<[String]>([])
}

/// The JACK output against a real jackd2 (dummy driver, a private server per test): the client's ports and their
/// connections, the sound recorded by a JACK capture client (`jack_rec`), a period change, the server killed and
/// started again, and the refusals.
final class JACKOutputTests: XCTestCase {
    private var server: JACKServer?

    override func setUpWithError() throws {
        server = try JACKServer.startOrSkip()
    }

    override func tearDown() {
        server?.stop()
        server = nil
    }

    /// A live renderer holding a steady note, as the tracking thread would leave it.
    private func steadyNote(_ frequency: Double, rate: Int) -> LiveRenderer {
        let renderer = LiveRenderer(engine: SynthEngine(sampleRate: Double(rate), voice: VoiceSettings()))
        var control = Control(frequency: frequency, amplitude: 0.8, gate: true)
        control.sourceTime = MonotonicClock.now()
        renderer.controls.push(control)
        return renderer
    }

    private func request(_ connection: JACKRequest.Connection = .physicalPlayback,
                         notices: NoticeLog? = nil) throws -> JACKRequest {
        let server = try XCTUnwrap(server)
        var request = JACKRequest(server: server.name, connection: connection)
        if let notices { request.notice = { text in notices.lines.withLock { $0.append(text) } } }
        return request
    }

    /// The pitch of what `port` plays over `seconds`, recorded by jack_rec.
    private func heardPitch(_ port: String, seconds: Double = 1) throws -> Double? {
        let server = try XCTUnwrap(server)
        let samples = try server.record(port, seconds: seconds)
        guard let start = samples.firstIndex(where: { abs($0) > 0.05 }) else { return nil }
        return SignalMeasurements.steadyFrequency(samples[start...].dropFirst(2_400), sampleRate: Double(server.sampleRate)).frequency
    }

    func testTheClientHasItsPortsConnectedToThePlaybackPortsAndIsHeardAtItsPitch() throws {
        let server = try XCTUnwrap(server)
        let output = try JACKOutput(request: request())
        XCTAssertEqual(output.sampleRate, server.sampleRate)
        XCTAssertEqual(output.periodFrames, server.periodFrames)
        output.start(steadyNote(440, rate: output.sampleRate))
        defer { try? output.stop(afterFrames: 0) }

        XCTAssertTrue(server.wait(timeout: 10) {
            let links = (try? server.connections()) ?? [:]
            return links["theremin:out_1"] == ["system:playback_1"] && links["theremin:out_2"] == ["system:playback_2"]
        }, "out_1 and out_2 go to the playback ports: \((try? server.connections()) ?? [:])")
        let pitch = try XCTUnwrap(try heardPitch("theremin:out_1"), "nothing was heard on theremin:out_1")
        XCTAssertLessThan(abs(SignalMeasurements.cents(pitch, 440)), 2, "heard \(pitch) Hz")
        XCTAssertGreaterThanOrEqual(output.deviceDelayFrames, server.periodFrames,
                                    "the frame clock puts the cycle's sound at least a period ahead")
        XCTAssertTrue(output.scheduling != nil)
    }

    func testNamedPortsAndNoConnection() throws {
        let server = try XCTUnwrap(server)
        let crossed = try JACKOutput(request: request(.ports(["system:playback_2", "system:playback_1"])))
        XCTAssertEqual(crossed.connectedTo, ["system:playback_2", "system:playback_1"])
        let byClient = try JACKOutput(request: request(.ports(["system"])))
        XCTAssertEqual(byClient.connectedTo, ["system:playback_1", "system:playback_2"])
        let patchbay = try JACKOutput(request: request(.none))
        XCTAssertEqual(patchbay.connectedTo, [])
        patchbay.start(steadyNote(440, rate: patchbay.sampleRate))
        defer { try? patchbay.stop(afterFrames: 0) }
        XCTAssertTrue(server.wait(timeout: 10) { (try? server.ports())?.contains { $0.hasSuffix(":out_1") } == true })
        let links = try server.connections()
        XCTAssertTrue(links.filter { $0.key.hasSuffix(":out_1") || $0.key.hasSuffix(":out_2") }.allSatisfy { $0.value.isEmpty },
                      "--no-jack-connect leaves the ports for a patchbay: \(links)")
    }

    func testAPeriodChangeIsFollowed() throws {
        let server = try XCTUnwrap(server)
        let output = try JACKOutput(request: request())
        output.start(steadyNote(330, rate: output.sampleRate))
        defer { try? output.stop(afterFrames: 0) }
        try server.setPeriod(256)
        XCTAssertTrue(server.wait(timeout: 10) { output.periodFrames == 256 }, "period now \(output.periodFrames)")
        let pitch = try XCTUnwrap(try heardPitch("theremin:out_1"), "nothing heard after the period change")
        XCTAssertLessThan(abs(SignalMeasurements.cents(pitch, 330)), 2, "heard \(pitch) Hz")
    }

    /// A 440 Hz note playing through the test server, with the output's notices logged.
    private func playing(_ server: JACKServer, log: NoticeLog) throws -> JACKOutput {
        let output = try JACKOutput(request: request(notices: log))
        output.start(steadyNote(440, rate: output.sampleRate))
        XCTAssertTrue(server.wait(timeout: 10) { output.framesWritten > 0 })
        return output
    }

    func testTheServerKilledAndStartedAgainMidPlay() throws {
        let server = try XCTUnwrap(server)
        let log = NoticeLog()
        let output = try playing(server, log: log)
        defer { try? output.stop(afterFrames: 0) }

        server.kill()
        _ = waitUntil(timeout: 10, every: 0.05) { log.lines.withLock { $0.contains { $0.contains("went away") } } }
        XCTAssertTrue(log.lines.withLock { $0.contains { $0.contains("went away: silent until it is back") } },
                      "one line when the server goes: \(log.lines.withLock { $0 })")
        XCTAssertTrue(output.isDisconnected)
        XCTAssertFalse(output.isFinished, "the output waits for the server; it does not end the run")

        try server.launch()
        XCTAssertTrue(server.wait(timeout: 15) { log.lines.withLock { $0.contains { $0.contains("is back: playing") } } },
                      "reconnected: \(log.lines.withLock { $0 })")
        XCTAssertTrue(server.wait(timeout: 10) { (try? server.connections())?["theremin:out_1"] == ["system:playback_1"] })
        let pitch = try XCTUnwrap(try heardPitch("theremin:out_1"), "nothing heard after reconnecting")
        XCTAssertLessThan(abs(SignalMeasurements.cents(pitch, 440)), 2, "heard \(pitch) Hz")
        XCTAssertEqual(log.lines.withLock { $0.count }, 2, "one line each way: \(log.lines.withLock { $0 })")
    }

    /// A server back without the port the sound was connected to (a recorder that died with it): the output keeps
    /// trying, comes back once the port is there, and a stop meanwhile ends it rather than waiting for a sound
    /// that never plays.
    func testAServerBackWithoutTheConnectedPortWaitsForItAndStops() throws {
        let server = try XCTUnwrap(server)
        guard let jackRec = PipeWireServer.findProgram("jack_rec") else { throw XCTSkip("jack_rec not installed (jackd2)") }
        let recording = FileManager.default.temporaryDirectory.appendingPathComponent("theremin-rec-\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: recording) }
        func recorder() throws -> ProcessRunner.Running {
            let running = try ProcessRunner.spawn(jackRec, ["-f", recording.path, "-d", "60", "system:capture_1"],
                                                  environment: server.clientEnvironment)
            XCTAssertTrue(server.wait(timeout: 10) { (try? server.ports())?.contains("jackrec:input1") == true })
            return running
        }
        var running = try recorder()
        let log = NoticeLog()
        let output = try JACKOutput(request: request(.ports(["jackrec:input1"]), notices: log))
        output.start(steadyNote(440, rate: output.sampleRate))
        XCTAssertTrue(server.wait(timeout: 10) { output.framesWritten > 0 })

        server.kill()
        running.signal(SIGKILL)
        _ = running.wait()
        try server.launch()
        // Several tries (one each half second) find no jackrec:input1: not back, nothing said but the first line.
        XCTAssertFalse(waitUntil(timeout: 2, every: 0.05) { log.lines.withLock { $0.contains { $0.contains("is back:") } } },
                       "not back while the port is missing: \(log.lines.withLock { $0 })")
        XCTAssertEqual(log.lines.withLock { $0.count }, 1, "\(log.lines.withLock { $0 })")

        running = try recorder()
        XCTAssertTrue(server.wait(timeout: 10) { log.lines.withLock { $0.contains { $0.contains("is back: playing") } } },
                      "back once the port is: \(log.lines.withLock { $0 })")
        XCTAssertTrue(server.wait(timeout: 10) { (try? server.connections())?["theremin:out_1"] == ["jackrec:input1"] })

        // Away again, and the server back again without the port: a stop while it is tried ends the output.
        server.kill()
        running.signal(SIGKILL)
        _ = running.wait()
        XCTAssertTrue(waitUntil(timeout: 10, every: 0.05) { output.isDisconnected })
        try server.launch()
        XCTAssertFalse(waitUntil(timeout: 1.5, every: 0.05) { log.lines.withLock { $0.filter { $0.contains("is back:") }.count > 1 } })
        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? output.stop(afterFrames: 0)
            stopped.signal()
        }
        XCTAssertEqual(stopped.wait(timeout: .now() + 10), .success, "a stop while the port is not back ends the output")
    }

    /// JACK MIDI beside JACK sound is one client (two in one process can stall the graph: see `JACKMIDIOutput`): its
    /// port comes back with the sound when the server does, even when the synth it went to does not (one line), and
    /// what was sent while it was away is dropped, not thrown and not kept for later.
    func testTheMIDIPortIsTheSoundsClientsAndComesBackWithIt() throws {
        let server = try XCTUnwrap(server)
        let log = NoticeLog()
        let monitor = try server.startMIDIMonitor()
        let output = try JACKOutput(request: request(notices: log))
        let midi = try output.addMIDIOutput(connection: .ports(["midi-monitor:input"]))
        output.start(steadyNote(440, rate: output.sampleRate))
        defer { try? output.stop(afterFrames: 0) }
        XCTAssertEqual(midi.portName, "theremin:midi_out")
        let ports = try server.ports()
        XCTAssertTrue(ports.contains("theremin:midi_out") && !ports.contains { $0.hasPrefix("theremin-midi:") }, "\(ports)")
        let noteOn = MIDIMessage.noteOn(channel: 0, note: 69, velocity: 100)
        try midi.send(noteOn)
        XCTAssertTrue(server.wait(timeout: 10) { midi.messagesWritten == 1 }, "written before the server goes")
        let cycles = midi.cycles
        XCTAssertTrue(server.wait(timeout: 10) { midi.cycles >= cycles + 2 }, "the receiver has had its cycle")
        XCTAssertEqual(JACKServer.events(of: monitor).map(\.bytes), [noteOn.bytes], "received through the connection")

        server.kill()
        XCTAssertTrue(waitUntil(timeout: 10, every: 0.05) { output.isDisconnected })
        XCTAssertNoThrow(try midi.send(.pitchBend(channel: 0, value: 9_000)), "the sound waits for the server, so MIDI does")
        XCTAssertEqual(midi.droppedMessages, 1, "dropped while the server is away")

        try server.launch()
        XCTAssertTrue(server.wait(timeout: 15) { log.lines.withLock { $0.contains { $0.contains("is back: playing") } } },
                      "reconnected though the receiver is gone: \(log.lines.withLock { $0 })")
        XCTAssertEqual(log.lines.withLock { $0.filter { $0.contains("would not connect theremin:midi_out to midi-monitor:input")
            && $0.hasSuffix("the sound plays on") }.count }, 1, "one line for the receiver: \(log.lines.withLock { $0 })")
        let back = try server.ports()
        XCTAssertTrue(back.contains("theremin:midi_out"), "the port is back: \(back)")
        try midi.send(.noteOff(channel: 0, note: 69, velocity: 0))
        XCTAssertTrue(server.wait(timeout: 10) { midi.messagesWritten == 2 }, "written again: \(midi.messagesWritten)")
        XCTAssertEqual(midi.droppedMessages, 1)
    }

    func testWithoutAWayToRemakeTheMixAServerAtAnotherRateLeavesItSilent() throws {
        let server = try XCTUnwrap(server)
        let log = NoticeLog()
        let output = try playing(server, log: log)
        defer { try? output.stop(afterFrames: 0) }

        server.kill()
        try server.launch(rate: 44_100)
        XCTAssertTrue(server.wait(timeout: 15) { log.lines.withLock { $0.contains { $0.contains("now runs at 44100 Hz") } } },
                      "one line says the rate changed: \(log.lines.withLock { $0 })")
        let written = output.framesWritten
        let silent = try server.record("theremin:out_1", seconds: 0.5)
        XCTAssertEqual(SignalMeasurements.peak(silent[...]), 0, "silent at a rate the sound was not built for")
        XCTAssertEqual(output.framesWritten, written, "the mix does not advance while silent")

        server.kill()
        try server.launch(rate: 48_000)
        XCTAssertTrue(server.wait(timeout: 15) { output.framesWritten > written }, "playing again at 48 kHz")
        let pitch = try XCTUnwrap(try heardPitch("theremin:out_1"), "nothing heard back at 48 kHz")
        XCTAssertLessThan(abs(SignalMeasurements.cents(pitch, 440)), 2, "heard \(pitch) Hz")
    }

    func testAServerBackAtAnotherRateHasTheSoundRebuiltAndHeardAtItsPitch() throws {
        let server = try XCTUnwrap(server)
        let log = NoticeLog()
        let output = try JACKOutput(request: request(notices: log))
        let note = steadyNote(440, rate: output.sampleRate)
        let madeAt = Mutex<[Int]>([])
        output.remakeMix = { rate, _ in
            madeAt.withLock { $0.append(rate) }
            return LiveRenderer(engine: SynthEngine(sampleRate: Double(rate), voice: VoiceSettings()), continuing: note)
        }
        output.start(note)
        defer { try? output.stop(afterFrames: 0) }
        XCTAssertTrue(server.wait(timeout: 10) { output.framesWritten > 0 })

        server.kill()
        try server.launch(rate: 44_100)
        XCTAssertTrue(server.wait(timeout: 15) {
            log.lines.withLock { $0.contains("JACK now runs at 44100 Hz: the sound is rebuilt for it") }
        }, "one line says the sound was rebuilt: \(log.lines.withLock { $0 })")
        XCTAssertEqual(madeAt.withLock { $0 }, [44_100], "made again once, for the new rate")
        XCTAssertEqual(output.sampleRate, 44_100)
        let written = output.framesWritten
        XCTAssertTrue(server.wait(timeout: 10) { output.framesWritten > written }, "playing on at 44.1 kHz")
        let pitch = try XCTUnwrap(try heardPitch("theremin:out_1"), "nothing heard at 44.1 kHz")
        XCTAssertLessThan(abs(SignalMeasurements.cents(pitch, 440)), 2, "heard \(pitch) Hz at 44.1 kHz")
        XCTAssertFalse(log.lines.withLock { $0.contains { $0.contains("silent until") && !$0.contains("went away") } },
                       "no silence announced: \(log.lines.withLock { $0 })")
    }

    func testNoServerAndAMissingPortAreOneLineInputErrors() throws {
        XCTAssertThrowsError(try JACKOutput(request: JACKRequest(server: "theremin-no-such-server"))) { error in
            let jack = error as? JACKError
            XCTAssertEqual(jack?.problem, .noServer)
            XCTAssertEqual(jack?.failureKind, .input)
            XCTAssertTrue("\(error)".hasPrefix("JACK server 'theremin-no-such-server' is not running: start it"), "\(error)")
            XCTAssertFalse("\(error)".contains("\n"))
        }
        XCTAssertThrowsError(try JACKOutput(request: request(.ports(["ardour:in_9"])))) { error in
            XCTAssertEqual((error as? JACKError)?.problem, .noSuchPort("ardour:in_9"))
        }
        XCTAssertThrowsError(try JACKOutput(request: request(.ports(["carla"])))) { error in
            XCTAssertEqual((error as? JACKError)?.problem, .noSuchPort("carla"))
        }
    }
}
