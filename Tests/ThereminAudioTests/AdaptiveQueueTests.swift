import ThereminAudio
import ThereminCore
import ThereminTestSupport
import XCTest

/// The audio thread's queue depth (`QueueDepth`) on the paced test device in real time: changing when the device
/// wakes the thread loses no sound, a shallow queue holds one period less, and an underrun adds a period.
final class AdaptiveQueueTests: XCTestCase {
    private func play(adapting: Bool, seconds: Double) throws -> (output: AudioOutput, audio: [Float], real: Int) {
        guard let (device, path) = ALSATestEnvironment.shared.pacedDevice(named: "depth") else {
            throw XCTSkip(ALSATestEnvironment.pacedDeviceMissing)
        }
        var request = PlaybackRequest(device: device, periodFrames: 128, periods: 3)
        request.adaptsDepth = adapting
        request.depthCalm = 0.3
        let output = try AudioOutput(request: request)
        let rate = Double(output.format.sampleRate)
        let total = Int(seconds * rate)
        let tone = Control(frequency: 440, amplitude: 1, gate: true, sourceTime: 0)
        let renderer = ScheduledRenderer(engine: SynthEngine(sampleRate: rate, voice: VoiceSettings(volume: 1)),
                                         schedule: [TimedControl(sampleIndex: 0, control: tone)], totalFrames: total)
        output.start(renderer)
        try output.wait()
        let audio = try ALSATestEnvironment.readFloatCapture(path: path, channels: output.format.channels)
        return (output, audio, ALSATestEnvironment.underruns(capturedInto: path).real)
    }

    func testAnAdaptingQueuePlaysEveryFrameAndShallowHoldsOnePeriodLess() throws {
        let (output, audio, real) = try play(adapting: true, seconds: 2)
        XCTAssertGreaterThanOrEqual(audio.count, 96_000, "every frame reached the device")
        if real == 0 {
            // Past the fade-in, the tone runs on unbroken through every change of wake-up threshold.
            let steady = audio[4_800..<(audio.count - 4_800)]
            let hz = SignalMeasurements.zeroCrossingFrequency(steady, sampleRate: 48_000) ?? 0
            XCTAssertLessThan(abs(SignalMeasurements.cents(hz, 440)), 1)
            XCTAssertLessThanOrEqual(SignalMeasurements.maxStep(steady), 2 * Double.pi * 440 / 48_000 * 1.05,
                                     "no gap or jump")
        }
        if output.isShallow {
            // Just written: at most the period the thread found queued and the one it wrote.
            XCTAssertLessThanOrEqual(output.deviceDelayFrames, 2 * 128)
        }
    }

    func testAChosenPeriodKeepsItsWholeBufferQueued() throws {
        let (output, audio, _) = try play(adapting: false, seconds: 1)
        XCTAssertGreaterThanOrEqual(audio.count, 48_000)
        XCTAssertFalse(output.isShallow)
    }

    func testAnUnderrunAddsAPeriodToTheQueueAndEveryFrameIsStillPlayed() throws {
        guard let (device, path) = ALSATestEnvironment.shared.pacedDevice(named: "grow", xruns: [24_000, 48_000]) else {
            throw XCTSkip(ALSATestEnvironment.pacedDeviceMissing)
        }
        let request = PlaybackRequest(device: device, periodFrames: 128).adaptingDepth()
        let output = try AudioOutput(request: request)
        XCTAssertEqual(output.format.bufferFrames, QueueDepth.bufferPeriods * output.format.periodFrames)
        XCTAssertEqual(output.periodsQueuedAtWake, 2)
        let total = 96_000
        let tone = Control(frequency: 440, amplitude: 1, gate: true, sourceTime: 0)
        let renderer = ScheduledRenderer(engine: SynthEngine(sampleRate: 48_000, voice: VoiceSettings(volume: 1)),
                                         schedule: [TimedControl(sampleIndex: 0, control: tone)], totalFrames: total)
        output.start(renderer)
        try output.wait()
        let logged = ALSATestEnvironment.underruns(capturedInto: path)
        XCTAssertEqual(logged.forced, 2, "both forced underruns happened")
        // One period more after them (a loaded machine's real ones too), for the relax spell (30 s) past the test's end.
        XCTAssertEqual(output.periodsQueuedAtWake, 3)
        let audio = try ALSATestEnvironment.readFloatCapture(path: path, channels: output.format.channels)
        XCTAssertGreaterThanOrEqual(audio.count, total, "every frame reached the device")
        let tail = audio[(audio.count - 12_000)...]
        let hz = SignalMeasurements.zeroCrossingFrequency(tail, sampleRate: 48_000) ?? 0
        XCTAssertLessThan(abs(SignalMeasurements.cents(hz, 440)), 1, "the right tone after both")
    }
}
