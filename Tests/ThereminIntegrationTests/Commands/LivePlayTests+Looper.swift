import XCTest
import Foundation
import ThereminCore
import ThereminTestSupport

/// The phrase looper end to end: the fake camera plays the selfie clip, the real tracker follows the hand, keys are
/// typed on a pseudo-terminal (the program's stdin, as a player's terminal), and the sound goes through real ALSA
/// into the paced test device. The loop is recorded, closed and heard under a muted voice, overdubbed, undone, and
/// saved with --loop-out; every check is made on the captured sound against the saved loop and against itself.
extension LivePlayTests {
    private var rate: Double { 48_000 }

    func testTheLooperRecordsPlaysBackOverdubsAndUndoesSampleAligned() throws {
        let camera = try startCamera(video: try TestMedia.requireSelfieClip().path)
        defer { camera.stop() }
        let alsa = try alsaConfig()
        let terminal: PseudoTerminal
        do { terminal = try PseudoTerminal() } catch { throw XCTSkip("\(error)") }
        let loopOut = directory.appendingPathComponent("loop.wav").path
        let take = directory.appendingPathComponent("take.csv").path
        let running = try ProcessRunner.spawn(binary, [
            // The seams are judged against the loop's own steps: the steady response keeps the hand's sound smooth
            // enough that a click would stand out (the looper is the same with either response).
            "--response", "steady",
            // The 5 ms period the looper's seams were judged at: at the 128-frame period chosen with real-time
            // priority, a debug build beside other work underruns now and then, and an underrun's gap is a step
            // this check cannot tell from a seam's click.
            "--period", "5",
            "--camera", camera.devicePath, "--audio-device", "paced:FILE=\(alsa.capture)", "--no-preview",
            "--volume", "0.5", "--mute-cues", "--loop-out", loopOut, "--record", take,
        ], environment: ["ALSA_CONFIG_PATH": alsa.path, "XDG_CONFIG_HOME": directory.path], terminal: terminal)
        // Playing (and the hand tracked) once two seconds of sound reached the device.
        let started = waitForCapture(alsa.capture, seconds: 2.5, timeout: 30)
        // The script a player would follow: record a phrase, close it, mute the voice to hear the loop alone;
        // unmute, overdub a layer, close it, mute; undo it; stop. Each wait is for sound played, not for time: on a
        // loaded machine the paced device's real underruns leave wall time without sound. A muted stretch holds
        // three passes of the longest loop the length check allows, so two whole passes fit in it wherever the
        // key lands in the loop.
        let longest = 1.3 + 0.3
        let script: [(keys: String, then: Double)] = [
            ("l", 1.3), ("l", 0.15), ("m", 3 * longest + 0.5), ("m", 0.2), ("l", 0.7), ("l", 0.1),
            ("m", 3 * longest + 0.5), ("u", 2 * longest + 0.5),
        ]
        var typedAt: [Int] = []  // the sound played (frames in the capture) when each key was typed
        for step in script where started {
            let now = capturedFrames(alsa.capture)
            typedAt.append(now)
            terminal.type(step.keys)
            _ = waitForCapture(alsa.capture, frames: now + Int(step.then * rate), timeout: 30 + 4 * step.then)
        }
        running.signal(SIGINT)
        let result = running.wait()
        XCTAssertTrue(started, "the sound device received sound: \(result.stderr)")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("saved the loop \(loopOut)"), result.stderr)
        // The take records the live hand, as without the looper: complete, and spanning the whole script (a row per
        // frame tracked; how many frames a loaded machine tracks is the 30 fps tests' concern).
        let recordedTake = try TraceReader.read(path: take)
        XCTAssertFalse(recordedTake.interrupted)
        let scripted = script.reduce(0) { $0 + $1.then }
        let span = (recordedTake.samples.last?.t ?? 0) - (recordedTake.samples.first?.t ?? 0)
        XCTAssertGreaterThan(span, scripted, "the take spans the looping, and more: \(span) s")
        XCTAssertGreaterThan(recordedTake.samples.filter(\.present).count, Int(scripted * 5), "the hand, recorded")
        for state in ["loop: recording", "loop: playing 1 layer", "loop: playing 2 layers"] {
            XCTAssertTrue(result.stdout.contains(state), "the status line shows '\(state)': \(result.stdout)")
        }

        let audio = try ALSATestEnvironment.readFloatCapture(path: alsa.capture, channels: 2)
        let loop = try SoundFile.readMono(path: loopOut)
        let length = loop.count
        let fade = Int(Looper.fadeSeconds * rate)
        let pressed = typedAt.count > 1 ? Double(typedAt[1] - typedAt[0]) / rate : script[0].then
        XCTAssertEqual(Double(length) / rate, pressed, accuracy: 0.3,
                       "the first layer's length, set by the two presses \(pressed) s apart")
        XCTAssertGreaterThan(SignalMeasurements.rms(loop[...]), 0.01, "the loop holds the hand's playing")
        let tolerance: Float = 1e-5  // the saved loop is 24-bit

        // The recording pass: the first place where the captured sound is the loop's body (the voice alone, as
        // recorded); the loop's first frames are the crossfade of the layer's start with what was played right
        // after the loop closed (heard then with the loop's first pass fading in, which is taken off).
        guard let recorded = firstMatch(of: loop, from: fade, in: audio, tolerance: tolerance) else {
            return XCTFail("the saved loop's body is nowhere in the captured sound")
        }
        for p in 0..<fade {
            let rise = Float(p + 1) / Float(fade + 1)
            let head = audio[recorded + p] * rise
            let blend = head + (audio[recorded + length + p] - head) * (1 - rise)
            XCTAssertEqual(loop[p], blend, accuracy: tolerance, "the seam's crossfade at frame \(p)")
        }

        // Every later pass, at exact multiples of the length: the loop alone (voice muted), the loop with the
        // second layer, then the loop alone again after the undo.
        let passes = (2..<((audio.count - recorded) / length)).map { k -> ArraySlice<Float> in
            audio[(recorded + k * length)..<(recorded + (k + 1) * length)]
        }
        func same(_ a: ArraySlice<Float>, _ b: ArraySlice<Float>) -> Bool {
            zip(a, b).allSatisfy { abs($0 - $1) < tolerance }
        }
        let isLoop = passes.map { same($0, loop[...]) }
        XCTAssertTrue(isLoop.prefix(2) == [true, true],
                      "the muted passes after closing are the recorded layer, sample for sample: \(isLoop)")
        let twoLayers = passes.indices.dropLast().first { k in
            !isLoop[k] && !isLoop[k + 1] && same(passes[k], passes[k + 1])
                && SignalMeasurements.rms(zip(passes[k], loop).map { $0 - $1 }[...]) > 0.005
        }
        XCTAssertNotNil(twoLayers, "after the overdub, two passes in a row play the same second layer: \(isLoop)")
        if let twoLayers {
            XCTAssertTrue(isLoop[(twoLayers + 2)...].contains(true), "after the undo, the first layer alone: \(isLoop)")
        }

        // No click at any seam or at the undo: no step larger than the loop's own. Judged where the live voice is
        // muted: from the unmute before the overdub to the first two-layer pass the hand plays over the loop, and
        // its steps are the hand's (a loaded machine shifts which part of the clip falls there), not the looper's.
        // The seams in that stretch are the same crossfade as the ones judged, and the overdub's own start and end
        // are heard, and judged, in the two-layer passes.
        let steady = max(SignalMeasurements.maxStep(loop[(fade + 300)..<(length - 300)]),
                         twoLayers.map { SignalMeasurements.maxStep(passes[$0]) } ?? 0)
        let firstPass = recorded + 2 * length
        let end = recorded + (passes.count + 2) * length
        let voiceStart = (firstPass..<end).first { abs(audio[$0] - loop[($0 - recorded) % length]) >= tolerance } ?? end
        let voiceEnd = twoLayers.map { recorded + ($0 + 2) * length } ?? end
        let judged = [firstPass..<voiceStart, voiceEnd..<end]
        for k in 2..<((audio.count - recorded) / length) {
            let seam = (recorded + k * length - 300)..<(recorded + k * length + 300)
            guard judged.contains(where: { $0.contains(seam.lowerBound) && $0.contains(seam.upperBound - 1) }) else { continue }
            XCTAssertLessThanOrEqual(SignalMeasurements.maxStep(audio[seam]), steady * 1.1 + 0.002,
                                     "no click at the seam of pass \(k)")
        }
        for part in judged where !part.isEmpty {
            XCTAssertLessThanOrEqual(SignalMeasurements.maxStep(audio[part]), steady * 1.1 + 0.002,
                                     "no click anywhere while the loop plays alone, with two layers or undone (\(part))")
        }
        XCTAssertGreaterThan(voiceEnd - voiceStart, 0, "the voice was heard between the muted stretches")
        XCTAssertGreaterThanOrEqual(judged.map(\.count).reduce(0, +), 5 * length, "most of the looping is judged")
        XCTAssertLessThan(abs(Double(audio.last ?? 1)), 1e-4, "stopping fades the loop out too")
    }

    /// Waits until the capture file holds `seconds` of stereo float sound.
    func waitForCapture(_ path: String, seconds: Double, timeout: Double) -> Bool {
        waitForCapture(path, frames: Int(seconds * rate), timeout: timeout)
    }

    /// Waits until the capture file holds `frames` frames of stereo float sound.
    func waitForCapture(_ path: String, frames: Int, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if capturedFrames(path) >= frames { return true }
            usleep(20_000)
        }
        return false
    }

    /// The frames of stereo float sound the capture file holds so far.
    func capturedFrames(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / (2 * MemoryLayout<Float>.size)
    }

    /// The first `s` where `audio[s + p] == loop[p]` (within `tolerance`) for every `p` from `from` on.
    private func firstMatch(of loop: [Float], from: Int, in audio: [Float], tolerance: Float) -> Int? {
        guard audio.count > loop.count else { return nil }
        for s in 0..<(audio.count - loop.count) {
            var p = from
            while p < loop.count && abs(audio[s + p] - loop[p]) < tolerance { p += 1 }
            if p == loop.count { return s }
        }
        return nil
    }
}
