import XCTest
import Foundation
import ThereminAudio
import ThereminCore
import ThereminTestSupport

/// End to end through the built binary: pitch correction, register, voices and two-hand traces on the replay path.
final class MusicReplayTests: BinaryTestCase {
    /// One second of a hand held still at height `y`.
    private func still(y: Double) -> String {
        var text = "t,x,y,present\n"
        for i in 0...30 { text += "\(Double(i) / 30),1,\(y),1\n" }
        return text
    }

    func testCorrectionSnapsAHeldNoteAndOctaveShiftsIt() throws {
        // Exponential law 220–440 Hz: y = 0.45 plays 0.55 octave = 6.6 semitones above A3, 40 cents below E4.
        let trace = scratchFile("held.csv", still(y: 0.45))
        let rate = 48_000.0
        let plain = try renderReplay(trace, ["--pitch-law", "exponential", "--volume", "1"])
        let snapped = try renderReplay(trace, ["--pitch-law", "exponential", "--volume", "1", "--correct", "100", "--scale", "major"])
        let lower = try renderReplay(trace, ["--pitch-law", "exponential", "--volume", "1", "--correct", "100", "--scale", "major", "--octave", "-1"])
        func hz(_ audio: [Float]) -> Double { SignalMeasurements.zeroCrossingFrequency(audio[9_600..<43_200], sampleRate: rate) ?? 0 }
        XCTAssertEqual(SignalMeasurements.cents(hz(plain), 329.628), -40, accuracy: 0.5)
        XCTAssertLessThan(abs(SignalMeasurements.cents(hz(snapped), 329.628)), 0.5, "snapped to E4")
        XCTAssertLessThan(abs(SignalMeasurements.cents(hz(lower), 164.814)), 0.5, "E3")
    }

    func testTwoHandTraceReplaysWithTheVolumeHand() throws {
        // Pitch hand (right) at the top: 440 Hz. Volume hand (left) at 0.2 = full for 0.5 s, at 0.5 = half for
        // 0.5 s, then a closed fist for 0.5 s.
        var text = "# theremin-trace 1\n" + TraceFormat.twoHandColumns.joined(separator: ",") + "\n"
        for i in 0..<45 {
            let t = Double(i) / 30
            let (y, closed) = t < 0.5 ? (0.2, 0) : (t < 1 ? (0.5, 0) : (0.5, 1))
            text += String(format: "%.6f,0.8,0,1,0.9,right,0,0,0.2,%.2f,1,0.9,left,%d,0\n", t, y, closed)
        }
        let trace = scratchFile("two.csv", text)
        let audio = try renderReplay(trace, ["--hands", "2", "--volume", "1", "--glide", "5"])
        let rate = 48_000.0
        func seconds(_ a: Double, _ b: Double) -> ArraySlice<Float> { audio[Int(a * rate)..<Int(b * rate)] }
        XCTAssertEqual(SignalMeasurements.rms(seconds(0.2, 0.45)), 1 / 2.0.squareRoot(), accuracy: 0.01, "volume hand high: full")
        XCTAssertEqual(SignalMeasurements.rms(seconds(0.8, 0.95)), 0.5 / 2.0.squareRoot(), accuracy: 0.02, "half-way: half")
        XCTAssertEqual(SignalMeasurements.peak(seconds(1.2, 1.4)), 0, "closed fist: silent")
        let hz = SignalMeasurements.zeroCrossingFrequency(seconds(0.1, 0.45), sampleRate: rate) ?? 0
        XCTAssertLessThan(abs(SignalMeasurements.cents(hz, 440)), 1)

        // Left-handed, the same trace swaps the roles: pitch from the hand at 0.2–0.5, volume from the top hand.
        let swapped = try renderReplay(trace, ["--hands", "2", "--left-handed", "--volume", "1", "--glide", "5"])
        let swappedHz = SignalMeasurements.zeroCrossingFrequency(swapped[9_600..<21_600], sampleRate: rate) ?? 0
        XCTAssertLessThan(abs(SignalMeasurements.cents(swappedHz, 440 - 220 * 0.2)), 1)
        // One-hand replay of the same trace plays the first hand, x as volume.
        let single = try renderReplay(trace, ["--volume", "1"])
        XCTAssertEqual(SignalMeasurements.rms(single[9_600..<21_600]), 0.8 / 2.0.squareRoot(), accuracy: 0.01)
    }

    func testBadMusicOptionsExitTwoWithOneLine() throws {
        let trace = scratchFile("t.csv", still(y: 0.5))
        for (options, expected) in [(["--scale", "bebop"], "--scale 'bebop' is unknown"),
                                    (["--correct", "101"], "--correct '101' is out of range"),
                                    (["--hands", "two"], "--hands 'two' is not supported"),
                                    (["--effect", "lowpass:cutoff=99999"], "outside")] {
            let result = try ProcessRunner.run(binary, ["--replay", trace, "--output", directory.appendingPathComponent("x.wav").path] + options)
            XCTAssertEqual(result.status, 2, "\(options)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix("theremin: ") && result.stderr.contains(expected), result.stderr)
        }
    }
}
