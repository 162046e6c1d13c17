import XCTest
import ThereminCore
import ThereminTestSupport

/// The stereo mix: backing track level, loop seam, cues, and the theremin centred.
final class MixingTests: XCTestCase {
    private let rate = 48_000.0

    private func sine(_ frequency: Double, frames: Int, amplitude: Double = 0.5) -> [Float] {
        Tones.sine(frequency, amplitude: amplitude, count: frames, rate: rate)
    }

    /// A renderer that plays nothing, to hear the backing alone.
    private final class Silence: BlockRenderer {
        let sampleRate = 48_000.0
        var isFinished: Bool { false }
        func fadeOut() {}
        func render(into output: UnsafeMutablePointer<Float>, frames: Int) { output.update(repeating: 0, count: frames) }
    }

    private func renderStereo(_ mixer: StereoMixer, frames: Int, block: Int = 256) -> (left: [Float], right: [Float]) {
        var left = [Float](repeating: 0, count: frames), right = [Float](repeating: 0, count: frames)
        var done = 0
        while done < frames {
            let n = min(block, frames - done)
            left.withUnsafeMutableBufferPointer { l in
                right.withUnsafeMutableBufferPointer { r in
                    mixer.renderStereo(left: l.baseAddress! + done, right: r.baseAddress! + done, frames: n)
                }
            }
            done += n
        }
        return (left, right)
    }

    func testBackingIsMixedAtItsVolumeInStereoUnderTheCentredTheremin() {
        let track = BackingTrack(left: sine(500, frames: 48_000), right: sine(1_000, frames: 48_000), loops: false, crossfadeFrames: 960)
        let engine = SynthEngine(sampleRate: rate, voice: VoiceSettings(volume: 1))
        engine.apply(Control(frequency: 750, amplitude: 1, gate: true))
        let theremin = ScheduledRenderer(engine: engine, schedule: [], totalFrames: 48_000)
        let mixer = StereoMixer(source: theremin, backing: BackingPlayer(track: track, volume: 0.5))
        let (left, right) = renderStereo(mixer, frames: 48_000)
        let window = left[9_600..<33_600], windowRight = right[9_600..<33_600]
        XCTAssertEqual(SignalMeasurements.amplitude(window, frequency: 500, sampleRate: rate), 0.25, accuracy: 0.002, "left at half volume")
        XCTAssertEqual(SignalMeasurements.amplitude(window, frequency: 1_000, sampleRate: rate), 0, accuracy: 0.002, "right's tone stays right")
        XCTAssertEqual(SignalMeasurements.amplitude(windowRight, frequency: 1_000, sampleRate: rate), 0.25, accuracy: 0.002)
        for channel in [window, windowRight] {
            XCTAssertEqual(SignalMeasurements.amplitude(channel, frequency: 750, sampleRate: rate), 1, accuracy: 0.01, "theremin centred at full level")
        }
    }

    func testLoopSeamDoesNotClickAndTheTrackRepeats() {
        // 0.3037 s of 440 Hz: the loop cuts a cycle part-way, which clicks unless the seam is crossfaded.
        let frames = 14_578
        let tone = sine(440, frames: frames)
        func seamStep(crossfade: Int) -> (seam: Double, steady: Double, level: Double) {
            let track = BackingTrack(left: tone, right: tone, loops: true, crossfadeFrames: crossfade)
            let mixer = StereoMixer(source: Silence(), backing: BackingPlayer(track: track, volume: 1))
            let (left, _) = renderStereo(mixer, frames: 48_000, block: 240)
            let seam = track.passFrames
            return (SignalMeasurements.maxStep(left[(seam - 200)..<(seam + 200)]),
                    SignalMeasurements.maxStep(left[2_000..<6_000]),
                    SignalMeasurements.rms(left[30_000..<40_000]))
        }
        let smooth = seamStep(crossfade: 960)
        XCTAssertLessThanOrEqual(smooth.seam, smooth.steady * 1.01, "no click at the seam")
        XCTAssertEqual(smooth.level, 0.5 / 2.0.squareRoot(), accuracy: 0.01, "still playing on later passes")
        let hard = seamStep(crossfade: 0)
        XCTAssertGreaterThan(hard.seam, hard.steady * 3, "the measurement does see an uncrossfaded seam")
    }

    func testATrackWithoutLoopEndsAndFadeOutSilencesIt() {
        let track = BackingTrack(left: sine(300, frames: 4_800), right: sine(300, frames: 4_800), loops: false, crossfadeFrames: 960)
        XCTAssertEqual(track.passFrames, 4_800, "no crossfade without looping")
        let mixer = StereoMixer(source: Silence(), backing: BackingPlayer(track: track, volume: 1))
        let (left, _) = renderStereo(mixer, frames: 9_600)
        XCTAssertEqual(Array(left[0..<4_800]), sine(300, frames: 4_800), "the track itself, untouched")
        XCTAssertEqual(SignalMeasurements.peak(left[4_800...]), 0)

        let looping = BackingTrack(left: sine(300, frames: 48_000), right: sine(300, frames: 48_000), loops: true, crossfadeFrames: 960)
        let fading = StereoMixer(source: Silence(), backing: BackingPlayer(track: looping, volume: 1))
        _ = renderStereo(fading, frames: 4_800)
        fading.fadeOut()
        let (after, _) = renderStereo(fading, frames: 9_600)
        XCTAssertEqual(SignalMeasurements.peak(after[2_400...]), 0, "silent 50 ms after the fade starts")
        XCTAssertLessThan(SignalMeasurements.maxStep(after[...]), 2 * Double.pi * 300 / rate * 0.5 * 1.05, "without a click")
    }

    func testASkippedPlayerPicksUpWhereTheOldOneWas() {
        let ramp = (0..<1_000).map { Float($0) / 1_000 }
        for (loops, skip, expected) in [(true, 2_750, Float(0.75)), (false, 250, 0.25)] {
            var player = BackingPlayer(track: BackingTrack(left: ramp, right: ramp, loops: loops, crossfadeFrames: 0),
                                       volume: 1)
            player.skip(frames: skip)
            var left: [Float] = [0], right: [Float] = [0]
            left.withUnsafeMutableBufferPointer { l in
                right.withUnsafeMutableBufferPointer { r in player.mix(left: l.baseAddress!, right: r.baseAddress!, frames: 1) }
            }
            XCTAssertEqual(left[0], expected, accuracy: 1e-6, "\(skip) frames on, looping \(loops)")
        }
    }

    func testCuesPlayOverTheMixUnlessMuted() {
        let cues = CuePlayer(sampleRate: rate, volume: 1)
        let mixer = StereoMixer(source: Silence(), cues: cues)
        cues.play(.start)
        let (left, right) = renderStereo(mixer, frames: 12_000)
        let length = Cue.start.render(sampleRate: rate).count
        XCTAssertEqual(length, Int(0.18 * rate), "two 90 ms notes")
        XCTAssertEqual(left, right, "cues are centred")
        XCTAssertGreaterThan(SignalMeasurements.peak(left[0..<length]), 0.3)
        XCTAssertEqual(SignalMeasurements.peak(left[length...]), 0, "short")
        // The start cue rises: its second note is a fourth above the first.
        let first = PitchEstimator(sampleRate: rate, minFrequency: 300, maxFrequency: 2_000).estimate(Array(left[500..<2_500]))?.frequency ?? 0
        let second = PitchEstimator(sampleRate: rate, minFrequency: 300, maxFrequency: 2_000).estimate(Array(left[(length / 2 + 500)..<(length / 2 + 2_500)]))?.frequency ?? 0
        XCTAssertEqual(SignalMeasurements.cents(second, first), 500, accuracy: 2)

        cues.setMuted(true)
        cues.play(.stop)
        let (muted, _) = renderStereo(mixer, frames: 12_000)
        XCTAssertEqual(SignalMeasurements.peak(muted[...]), 0, "muted cues are silent")
        XCTAssertFalse(cues.isPlaying)
    }

    func testTheMixPassesTheDeviceDelayOnSoLiveLatencyIsStillMeasured() {
        let live = LiveRenderer(engine: SynthEngine(sampleRate: rate, voice: VoiceSettings()))
        let mixer = StereoMixer(source: live, cues: CuePlayer(sampleRate: rate))
        live.controls.push(Control(frequency: 440, amplitude: 1, gate: true, sourceTime: 1, trackedTime: 1.01))
        _ = renderStereo(mixer, frames: 240, block: 240)
        mixer.didWrite(delayFrames: 720)
        let record = live.latencies.pop()
        XCTAssertEqual(record?.sourceTime, 1)
        XCTAssertGreaterThan(record?.audibleTime ?? 0, record?.appliedTime ?? .infinity,
                             "heard after it was applied: the 480 frames queued ahead of the block")
    }
}
