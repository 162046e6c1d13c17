import XCTest
import ThereminAudio
import ThereminCore
import ThereminTestSupport

/// Forces underruns on a paced test device (an ALSA ioplug plugin built by this package) and checks that the audio
/// thread recovers each one, counts it, and keeps playing the right tone.
final class UnderrunRecoveryTests: XCTestCase {
    func testForcedUnderrunsAreRecoveredAndCounted() throws {
        // Run the device clock 8x faster than real time so the test takes a fraction of a second.
        guard let (device, path) = ALSATestEnvironment.shared.pacedDevice(named: "xrun", xruns: [9_600, 30_000], speed: 8) else {
            throw XCTSkip(ALSATestEnvironment.pacedDeviceMissing)
        }
        let output = try AudioOutput(request: PlaybackRequest(device: device))
        let rate = Double(output.format.sampleRate)
        let steady = (0..<30).map { Control(frequency: 440, amplitude: 1, gate: true, sourceTime: Double($0)) }
        let schedule = steady.enumerated().map { TimedControl(sampleIndex: $0.offset * 4_800, control: $0.element) }
        let renderer = ScheduledRenderer(engine: SynthEngine(sampleRate: rate, voice: VoiceSettings(volume: 1)),
                                         schedule: schedule, totalFrames: 72_000)
        output.start(renderer)
        try output.wait()
        // A loaded machine can add real underruns at 8x real time; the device logs which ones it forced.
        let logged = ALSATestEnvironment.underruns(capturedInto: path)
        XCTAssertEqual(logged.forced, 2, "both forced underruns happened")
        XCTAssertEqual(output.underruns, logged.forced + logged.real, "each underrun is seen and recovered")
        XCTAssertGreaterThanOrEqual(output.framesWritten, 72_000, "it kept playing to the end")
        let audio = try ALSATestEnvironment.readFloatCapture(path: path, channels: output.format.channels)
        XCTAssertGreaterThan(audio.count, 60_000)
        let tail = audio[(audio.count - 12_000)...]
        let hz = SignalMeasurements.zeroCrossingFrequency(tail, sampleRate: rate) ?? 0
        XCTAssertLessThan(abs(SignalMeasurements.cents(hz, 440)), 1, "still the right tone after recovering")
    }
}
