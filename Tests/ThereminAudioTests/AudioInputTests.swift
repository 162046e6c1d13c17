import XCTest
import ThereminAudio
import ThereminCore
import ThereminTestSupport

/// Capture through the real ALSA path: alsa-lib's `file` plugin feeds a raw file to the capture device.
final class AudioInputTests: XCTestCase {
    func testCapturedSamplesAreTheFilesSamplesAndTheTunerReadsThem() throws {
        let rate = 48_000.0
        let expected = 440 * pow(2, 7.3 / 1200)   // A4 7.3 cents sharp
        let tone = Tones.harmonic(expected, amplitudes: [1, 0.5, 0.3], count: 24_000, rate: rate)
        let (device, _) = try ALSATestEnvironment.shared.inputDevice(named: "tuner", samples: tone)
        let input = try AudioInput(device: device)
        defer { input.close() }
        XCTAssertEqual(input.format.sampleRate, 48_000)
        XCTAssertEqual(input.format.channels, 1)
        XCTAssertEqual(input.format.sampleFormat, .float32)

        var captured: [Float] = []
        var block = [Float](repeating: 0, count: input.format.periodFrames)
        while captured.count < 4_800 {
            let got = try block.withUnsafeMutableBufferPointer { try input.read(into: $0.baseAddress!, maxFrames: $0.count) }
            XCTAssertGreaterThan(got, 0)
            captured += block[0..<got]
        }
        XCTAssertEqual(Array(captured[0..<4_800]), Array(tone[0..<4_800]), "bit-exact through ALSA")
        let reading = TunerEstimator(sampleRate: rate).estimate(Array(captured[0..<4_800]))
        XCTAssertEqual(SignalMeasurements.cents(reading?.frequency ?? 1, 440), 7.3, accuracy: 0.2,
                       "within 100 ms of capture")
    }

    func testMissingCaptureDeviceIsAClearError() {
        XCTAssertThrowsError(try AudioInput(device: "nosuchmic")) { error in
            XCTAssertTrue("\(error)".hasPrefix("audio device 'nosuchmic': open failed:"), "\(error)")
        }
    }
}
