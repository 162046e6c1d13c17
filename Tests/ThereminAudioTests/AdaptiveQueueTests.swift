import ThereminAudio
import ThereminCore
import ThereminTestSupport
import XCTest

/// The audio thread's queue depth (`QueueDepth`) on the paced test device in real time: changing when the device
/// wakes the thread loses no sound, and a shallow queue holds one period less.
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
}
