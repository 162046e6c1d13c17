import Foundation
import ThereminCore
import ThereminTestSupport
import XCTest

/// Live play on a machine twice as slow (`scripts/slow-machine 2`: a real-time spinner takes half of every CPU, the
/// fake camera runs above it as a driver would), and a hand that leaps a fifth of the picture between two frames. The
/// margins hold on a loaded machine with a debug build; the tight figures are `make measure-response SLOW=2`'s.
extension LivePlayTests {
    func testOnASlowerMachineAVibratoIsHeardAndAStillHandStaysStill() throws {
        let vibrato = try handClip(named: "vibrato.mp4", y: "12*sin(2*PI*3*t)")
        let still = try handClip(named: "still.mp4", y: "0")
        let slow = try SlowMachine.startOrSkip(factor: 2)
        defer { slow.stop() }
        let swinging = try heardLive(vibrato, slow: slow)
        let held = try heardLive(still, slow: slow)
        slow.stop()
        try swinging.skipIfStarved(below: 2 * 300)
        try held.skipIfStarved(below: 2 * 300)
        let truth = swinging.heights.map { (t: $0.t, value: 12.0 / 480 * sin(2 * .pi * 3 * $0.t)) }
        let fit = SineFit.gainAndLag(heard: swinging.heights, truth: truth, rate: 3)
        XCTAssertEqual(fit.gain, 0, accuracy: 3, "heard at its depth: \(fit.gain) dB (\(swinging.result.stderr))")
        // Still: the heard pitch's wobble in cents about its median.
        let cents = held.heights.map { (point: (t: Double, value: Double)) -> Double in
            1200 * log2((440 - 220 * point.value) / 330)
        }
        let middle = cents.sorted()[cents.count / 2]
        let rms = (cents.map { ($0 - middle) * ($0 - middle) }.reduce(0, +) / Double(cents.count)).squareRoot()
        XCTAssertLessThan(rms, 3, "a still hand: \(rms) cents rms (\(held.result.stderr))")
    }

    /// The hand jumps 96 px (a fifth of the picture) between two frames at 5 s, and the tracker finds it afresh: heard
    /// where the tracker put it within the next two frames and what the output queues, live and offline. (5 s in: on
    /// a loaded machine the sound may start a few seconds into the clip, and is judged from 1.5 s after that.)
    func testAHandFoundAfreshAfterALeapIsHeardThereAtOnce() throws {
        let jump = 5.0 + 0.5 / 60  // between the frames at 300 and 301 of 60 fps
        let clip = try handClip(named: "leap.mp4", y: "96*gte(t,\(jump))-70", seconds: 8)
        // Offline: the rendered sound, each period at its time in the clip, against the trace it rendered.
        let wav = directory.appendingPathComponent("leap.wav").path
        let trace = directory.appendingPathComponent("leap.csv").path
        let offline = try ProcessRunner.run(binary, ["--input", clip, "--output", wav, "--record", trace,
                                                     "--wave", "sine", "--mute-cues"],
                                            environment: ["XDG_CONFIG_HOME": directory.path])
        XCTAssertEqual(offline.status, 0, offline.stderr)
        let rendered = try SoundFile.readMono(path: wav)
        let heard: [(t: Double, value: Double)] = HeardPitch.track(rendered, sampleRate: 48_000).map { point in
            let height: Double = (440 - point.frequency) / 220
            return (t: point.frame / 48_000, value: height)
        }
        let measured = try TraceReader.read(path: trace).samples.filter(\.present).map { (t: $0.t, value: $0.y) }
        assertLanded(heard, measured: measured, jump: jump, within: 2.0 / 60, "offline")
        // Live: the same within two frames and what the output queued (--stats' capture to speaker, p95).
        let live = try heardLive(clip, seconds: 7)
        guard live.heights.contains(where: { $0.t < jump - 0.05 }) else {
            throw XCTSkip("the machine started the sound after the leap (\(live.heights.first?.t ?? -1) s into the "
                          + "clip): \(live.result.stderr)")
        }
        let within = 2.0 / 60 + live.total.p95
        try live.skipIfStarved(below: 50, in: (jump + within)...(jump + within + 0.3))
        assertLanded(live.heights, measured: live.measured, jump: jump, within: within, "live: \(live.result.stderr)")
    }

    /// From `within` after the jump on, for 0.3 s, each heard period is within 5 cents of what the tracker measured
    /// over the `within` before it: the sound is where the tracker put the hand, no later than that.
    private func assertLanded(_ heights: [(t: Double, value: Double)], measured: [(t: Double, value: Double)],
                              jump: Double, within: Double, _ what: String,
                              file: StaticString = #filePath, line: UInt = #line) {
        func pitch(_ y: Double) -> Double { 440 - 220 * y }
        XCTAssertTrue(measured.contains { $0.t > jump && $0.t < jump + 1.0 / 60 + 0.001 && $0.value > 0.5 },
                      "the tracker landed the hand in the first frame after the leap: \(what)", file: file, line: line)
        let after = heights.filter { $0.t >= jump + within && $0.t < jump + within + 0.3 }
        XCTAssertGreaterThan(after.count, 50, "heard after the leap: \(what)", file: file, line: line)
        var worst = 0.0
        for point in after {
            let recent = measured.filter { $0.t >= point.t - within - 1.0 / 60 && $0.t <= point.t }.map(\.value)
            guard let low = recent.min(), let high = recent.max() else { continue }
            let heardPitch = pitch(point.value)
            let off = heardPitch > pitch(low) ? 1200 * log2(heardPitch / pitch(low))
                : heardPitch < pitch(high) ? 1200 * log2(pitch(high) / heardPitch) : 0
            worst = max(worst, off)
        }
        XCTAssertLessThan(worst, 5, "\(worst) cents from where the tracker put the hand, \(within * 1000) ms after "
                          + "the leap on: \(what)", file: file, line: line)
    }
}
