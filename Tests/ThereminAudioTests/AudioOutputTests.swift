import XCTest
import ThereminAudio
import ThereminCore
import ThereminTestSupport

/// Replays a trace through the real ALSA code path into alsa-lib's `file` plugin and checks what was "heard".
final class AudioOutputTests: XCTestCase {
    private let environment = ALSATestEnvironment.shared

    /// 0–0.5 s top right (440 Hz, full), 0.5–1 s bottom middle (220 Hz, half), then the hand leaves.
    private func jumpTrace() -> Trace {
        var samples: [HandSample] = []
        for i in 0..<45 {
            let t = Double(i) / 30
            if t < 0.5 {
                samples.append(HandSample(t: t, x: 1, y: 0, present: true))
            } else if t < 1 {
                samples.append(HandSample(t: t, x: 0.5, y: 1, present: true))
            } else {
                samples.append(.absent(at: t))
            }
        }
        return Trace(samples: samples)
    }

    func testReplayThroughALSAFilePluginPlaysTheMappedToneWithoutClicks() throws {
        let (device, path) = environment.captureDevice(named: "replay")
        let voice = VoiceSettings(volume: 1)
        let request = PlaybackRequest(device: device)
        let plan = ReplayPlan(trace: jumpTrace(), mapper: ControlMapper(), sampleRate: Double(request.sampleRate),
                              tail: ReplayPlan.tail(voice: voice, delay: nil))
        let engine = SynthEngine(sampleRate: plan.sampleRate, voice: voice)
        let renderer = ScheduledRenderer(engine: engine, schedule: plan.schedule, totalFrames: plan.totalFrames)
        let output = try AudioOutput(request: request)
        XCTAssertEqual(output.format.sampleRate, 48_000)
        XCTAssertEqual(output.format.sampleFormat, .float32)
        output.start(renderer)
        try output.wait()
        XCTAssertEqual(output.underruns, 0)

        let audio = try ALSATestEnvironment.readFloatCapture(path: path, channels: output.format.channels)
        let rate = 48_000.0
        XCTAssertGreaterThanOrEqual(audio.count, plan.totalFrames)
        func seconds(_ a: Double, _ b: Double) -> ArraySlice<Float> { audio[Int(a * rate)..<Int(b * rate)] }

        let high = seconds(0.15, 0.45)
        let highHz = SignalMeasurements.zeroCrossingFrequency(high, sampleRate: rate) ?? 0
        XCTAssertLessThan(abs(SignalMeasurements.cents(highHz, 440)), 1, "top of the screen plays 440 Hz, got \(highHz)")
        XCTAssertEqual(SignalMeasurements.rms(high), 1 / 2.0.squareRoot(), accuracy: 0.01, "right edge is full level")

        let low = seconds(0.75, 0.98)
        let lowHz = SignalMeasurements.zeroCrossingFrequency(low, sampleRate: rate) ?? 0
        XCTAssertLessThan(abs(SignalMeasurements.cents(lowHz, 220)), 1, "bottom plays 220 Hz, got \(lowHz)")
        XCTAssertEqual(SignalMeasurements.rms(low), 0.5 / 2.0.squareRoot(), accuracy: 0.01, "middle is half level")

        let steadyStep = SignalMeasurements.maxStep(high)
        XCTAssertLessThanOrEqual(SignalMeasurements.maxStep(seconds(0.4, 0.8)), steadyStep * 1.05,
                                 "the jump from 440 to 220 Hz does not click")
        XCTAssertLessThanOrEqual(SignalMeasurements.maxStep(seconds(0.9, 1.2)), steadyStep * 1.05,
                                 "the hand leaving does not click")
        XCTAssertEqual(SignalMeasurements.peak(seconds(1.1, 1.2)), 0, "silent 60 ms after the hand left")
    }

    func testMissingDeviceIsAClearError() {
        XCTAssertThrowsError(try AudioOutput(request: PlaybackRequest(device: "nosuchdevice"))) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("audio device 'nosuchdevice': open failed:"), text)
            XCTAssertTrue(text.contains("--list-devices"), text)
        }
    }

    func testLiveRendererStopsWithAFadeInsteadOfACut() throws {
        let (device, path) = environment.captureDevice(named: "live")
        let engine = SynthEngine(sampleRate: 48_000, voice: VoiceSettings(volume: 1))
        let renderer = LiveRenderer(engine: engine)
        XCTAssertTrue(renderer.controls.push(Control(frequency: 330, amplitude: 1, gate: true)))
        let output = try AudioOutput(request: PlaybackRequest(device: device))
        output.start(renderer)
        // The null device consumes instantly: stop once some sound has been written, with a fade.
        while output.framesWritten < 24_000 { usleep(1_000) }
        try output.stop(afterFrames: 4_800)
        let audio = try ALSATestEnvironment.readFloatCapture(path: path, channels: output.format.channels)
        XCTAssertGreaterThan(SignalMeasurements.peak(audio[4_800..<9_600]), 0.9, "it played")
        XCTAssertEqual(Double(audio.last ?? 1), 0, accuracy: 1e-6, "ends in silence")
        let tailStep = SignalMeasurements.maxStep(audio[(audio.count - 9_600)...])
        XCTAssertLessThanOrEqual(tailStep, 2 * Double.pi * 330 / 48_000 * 1.05, "no click at the end")
    }
}
