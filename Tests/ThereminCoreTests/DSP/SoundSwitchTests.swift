import XCTest
import ThereminCore

/// The switch between a performance's sounds (the presets of the list): the new sound fades in from silence and
/// the old one fades out and rings for its tail, so the switch does not click; it is the same every time.
final class SoundSwitchTests: XCTestCase {
    private let rate = 48_000.0

    private func sounds() -> SoundSwitch {
        SoundSwitch(engines: [SynthEngine(sampleRate: rate, voice: VoiceSettings(waveform: .sine)),
                              SynthEngine(sampleRate: rate, voice: VoiceSettings(waveform: .triangle))],
                    tails: [0.1, 0.1])
    }

    /// 0.5 s at `frequency` (steady), then a switch to sound 1 at 660 Hz, then 0.5 s more, in blocks of 256.
    private func play(_ sounds: SoundSwitch) -> (samples: [Float], switchAt: Int) {
        var samples: [Float] = []
        var block = [Float](repeating: 0, count: 256)
        let first = Control(frequency: 440, amplitude: 0.8, gate: true)
        let second = Control(frequency: 660, amplitude: 0.8, gate: true)
        sounds.apply(first)
        for _ in 0..<94 {
            block.withUnsafeMutableBufferPointer { sounds.render(into: $0.baseAddress!, frames: 256) }
            samples += block
        }
        let switchAt = samples.count
        sounds.select(1, closing: first)
        sounds.apply(second)
        for _ in 0..<94 {
            block.withUnsafeMutableBufferPointer { sounds.render(into: $0.baseAddress!, frames: 256) }
            samples += block
        }
        return (samples, switchAt)
    }

    private func largestStep(_ samples: ArraySlice<Float>) -> Float {
        zip(samples.dropFirst(), samples).map { abs($0 - $1) }.max() ?? 0
    }

    func testTheSwitchDoesNotClickAndTheOldSoundRingsOut() {
        let (samples, at) = play(sounds())
        XCTAssertEqual(at, 24_064)
        // While both sound, the steps add up to at most the two sounds' own largest steps together; a cut would
        // step by up to the whole level (0.64).
        let steady = largestStep(samples[12_000..<at]) + largestStep(samples[(at + 12_000)...])
        let around = largestStep(samples[(at - 480)..<(at + 4_800)])
        XCTAssertLessThanOrEqual(around, steady, "the switch steps \(around), the sounds together \(steady)")
        // The old sound is still heard just after the switch (its fade), gone 100 ms on.
        let alone = SoundSwitch(engines: [SynthEngine(sampleRate: rate, voice: VoiceSettings(waveform: .sine)),
                                          SynthEngine(sampleRate: rate, voice: VoiceSettings(waveform: .sine, volume: 0))],
                                tails: [0.1, 0.1])
        let (faded, _) = play(alone)
        let rms = { (slice: ArraySlice<Float>) in (slice.map { Double($0 * $0) }.reduce(0, +) / Double(slice.count)).squareRoot() }
        XCTAssertGreaterThan(rms(faded[at..<(at + 480)]), 0.05, "the old sound fades, not cut")
        XCTAssertEqual(rms(faded[(at + 9_600)...]), 0, "and is gone after its fade and tail")
    }

    func testTheSameSwitchRendersTheSameSamples() {
        XCTAssertEqual(play(sounds()).samples, play(sounds()).samples)
    }

    func testSwitchingToTheSoundPlayingOrOutOfRangeDoesNothing() {
        let sounds = sounds()
        sounds.select(0, closing: Control(frequency: 440, amplitude: 0, gate: false))
        sounds.select(5, closing: Control(frequency: 440, amplitude: 0, gate: false))
        XCTAssertEqual(sounds.index, 0)
        sounds.select(1, closing: Control(frequency: 440, amplitude: 0, gate: false))
        XCTAssertEqual(sounds.index, 1)
        XCTAssertEqual(sounds.current.voice.waveform, .triangle)
    }
}
