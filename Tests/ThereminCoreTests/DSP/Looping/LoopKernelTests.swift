import XCTest
import ThereminCore
import ThereminTestSupport

/// The looper's kernel on known signals: the first layer sets the length and plays back sample for sample, overdubs
/// add layers (closing themselves after one pass), undo and clear remove them without a click, the limits hold,
/// and the seam is a crossfade.
final class LoopKernelTests: XCTestCase {
    private let rate = 48_000.0
    private let block = 240
    private var fade: Int { Int(Looper.fadeSeconds * rate) }

    private func sine(_ frequency: Double, frames: Int, amplitude: Double = 0.5) -> [Float] {
        Tones.sine(frequency, amplitude: amplitude, count: frames, rate: rate)
    }

    /// Feeds `input` as the theremin through the kernel block by block; returns what the loop added (the right
    /// channel less the input, which the left channel carries too).
    private func play(_ looper: Looper, _ input: [Float]) -> [Float] {
        var left = input, right = input
        var done = 0
        while done < input.count {
            let n = min(block, input.count - done)
            left.withUnsafeMutableBufferPointer { l in
                right.withUnsafeMutableBufferPointer { r in
                    looper.kernel.process(left: l.baseAddress! + done, right: r.baseAddress! + done, frames: n)
                }
            }
            done += n
        }
        XCTAssertEqual(left, right, "the loop goes to both channels alike")
        return zip(right, input).map { $0 - $1 }
    }

    private func silence(_ frames: Int) -> [Float] { [Float](repeating: 0, count: frames) }

    /// The crossfade's rising gain for the i-th frame.
    private func fadeIn(_ i: Int) -> Float { Float(i + 1) / Float(fade + 1) }

    /// What a layer recorded from `recorded` (body then tail) plays `d` frames after its start, over a loop of
    /// `length` when it spans it whole.
    private func wholeLayer(_ recorded: [Float], length: Int, at d: Int) -> Float {
        d < fade ? recorded[d] * fadeIn(d) + recorded[length + d] * (1 - fadeIn(d)) : recorded[d]
    }

    private func assertClose(_ actual: [Float], _ expected: [Float], _ message: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(actual.count, expected.count, message, file: file, line: line)
        let worst = zip(actual, expected).map { abs($0 - $1) }.max() ?? 0
        XCTAssertLessThan(worst, 1e-6, message, file: file, line: line)
    }

    /// Records `tone` as the first layer, `length` frames long, the tone going on for the tail; then one silent
    /// pass. Returns the looper and the recorded tone (body and tail).
    private func recordFirstLayer(length: Int, tone: [Float], maximumLayers: Int = 3) -> Looper {
        let looper = Looper(sampleRate: rate, maximumSeconds: 2, maximumLayers: maximumLayers)
        looper.press()
        XCTAssertEqual(play(looper, Array(tone[..<length])), silence(length), "nothing plays while the first layer records")
        XCTAssertEqual(looper.status.state, .recording)
        XCTAssertEqual(looper.status.length, Double(length) / rate, accuracy: 1e-9)
        looper.press()
        let firstPass = play(looper, Array(tone[length..<(length + fade)]) + silence(length - fade))
        XCTAssertEqual(looper.status.state, .playing)
        XCTAssertEqual(looper.status.layers, 1)
        XCTAssertEqual(looper.status.length, Double(length) / rate, accuracy: 1e-9, "the first layer sets the length")
        // The first pass fades in (the seam's other half, the tail, was being recorded meanwhile).
        assertClose(firstPass, (0..<length).map { $0 < fade ? tone[$0] * fadeIn($0) : tone[$0] }, "first pass")
        return looper
    }

    func testTheFirstLayerPlaysBackSampleAlignedAtEveryRepetition() {
        let length = 14_400  // 0.3 s: 131.1 cycles of 437 Hz, so the seam cuts a cycle part-way
        let tone = sine(437, frames: length + fade)
        let looper = recordFirstLayer(length: length, tone: tone)
        let expected = (0..<length).map { wholeLayer(tone, length: length, at: $0) }
        for pass in 2...4 {
            assertClose(play(looper, silence(length)), expected, "pass \(pass) is the recorded layer, crossfaded at the seam")
            XCTAssertEqual(looper.status.position, 0, accuracy: 1e-9)
        }
        // A block that straddles the loop point plays both sides of it.
        let straddle = play(looper, silence(length + 120))
        XCTAssertEqual(Array(straddle[length...]), Array(expected[..<120]))
    }

    func testTheSeamDoesNotClick() {
        let length = 14_400
        let tone = sine(437, frames: length + fade)
        let looper = recordFirstLayer(length: length, tone: tone)
        let passes = play(looper, silence(3 * length))
        let seam = SignalMeasurements.maxStep(passes[(length - 300)..<(length + 300)])
        let steady = SignalMeasurements.maxStep(passes[3_000..<6_000])
        XCTAssertLessThanOrEqual(seam, steady * 1.01, "no click at the loop point")
        // The measurement sees a seam cut without the crossfade.
        let hardCut = Array(tone[..<length]) + Array(tone[..<length])
        XCTAssertGreaterThan(SignalMeasurements.maxStep(hardCut[(length - 300)..<(length + 300)]), steady * 3)
    }

    func testAnOverdubAddsALayerAndUndoRemovesItWithoutAClick() {
        let length = 14_400
        let first = sine(437, frames: length + fade)
        let looper = recordFirstLayer(length: length, tone: first)
        let base = (0..<length).map { wholeLayer(first, length: length, at: $0) }
        // Overdub from 2400 frames into the loop for 4800 frames of 660 Hz (its tail goes on 10 ms after).
        _ = play(looper, silence(2_400))
        looper.press()
        let second = sine(660, frames: 4_800 + fade, amplitude: 0.3)
        let during = play(looper, Array(second[..<4_800]))
        XCTAssertEqual(looper.status.state, .overdubbing)
        XCTAssertEqual(looper.status.layers, 2)
        assertClose(during, Array(base[2_400..<7_200]), "the layers below play on while the overdub records")
        looper.press()
        _ = play(looper, Array(second[4_800...]) + silence(length - 7_200 - fade))
        XCTAssertEqual(looper.status.state, .playing)
        XCTAssertEqual(looper.status.layers, 2)
        let both = play(looper, silence(length))
        let expected = (0..<length).map { p -> Float in
            var value = base[p]
            let d = p - 2_400
            if d >= 0 && d < 4_800 { value += d < fade ? second[d] * fadeIn(d) : second[d] }
            let t = p - 7_200
            if t >= 0 && t < fade { value += second[4_800 + t] * (1 - fadeIn(t)) }
            return value
        }
        assertClose(both, expected, "the overdub plays at its own place, faded in and out, over the first layer")

        // Undo at 3000 frames into the loop: the overdub fades out within the crossfade time, the first layer stays.
        _ = play(looper, silence(3_000))
        looper.undo()
        let after = play(looper, silence(length))
        XCTAssertEqual(looper.status.layers, 1)
        let rest = (0..<length).map { base[(3_000 + $0) % length] }
        assertClose(Array(after[fade...]), Array(rest[fade...]), "only the first layer after the undo")
        let steady = SignalMeasurements.maxStep(both[2_600..<7_000])
        XCTAssertLessThanOrEqual(SignalMeasurements.maxStep(([both[2_999]] + after[..<(2 * fade)])[...]), steady * 1.01,
                                 "the undone layer fades out without a click")
    }

    func testAnOverdubClosesItselfAfterOnePassWithACrossfadedSeam() {
        let length = 9_600
        let looper = recordFirstLayer(length: length, tone: silence(length + fade))
        _ = play(looper, silence(1_000))
        looper.press()
        let second = sine(523, frames: length + fade)
        _ = play(looper, Array(second[..<length]))
        XCTAssertEqual(looper.status.state, .playing, "an overdub lasts one pass")
        XCTAssertEqual(looper.status.layers, 2)
        _ = play(looper, Array(second[length...]) + silence(length - fade))
        let pass = play(looper, silence(length))
        // The pass starts where the overdub did (position 1000), so frame i is the layer's i-th.
        let expected = (0..<length).map { wholeLayer(second, length: length, at: $0) }
        assertClose(pass, expected, "the overdub's own seam, at its start, is a crossfade")
        XCTAssertEqual(looper.status.position, 1_000 / rate, accuracy: 1e-9)
    }

    func testClearEmptiesTheLooperAndANewLoopTakesANewLength() {
        let length = 14_400
        let looper = recordFirstLayer(length: length, tone: sine(437, frames: length + fade))
        looper.press()
        _ = play(looper, sine(660, frames: 1_000))
        looper.clear()
        let after = play(looper, silence(length))
        XCTAssertEqual(looper.status.state, .empty)
        XCTAssertEqual(looper.status.layers, 0)
        XCTAssertEqual(SignalMeasurements.peak(after[fade...]), 0, "silent once the fade is over")
        XCTAssertLessThan(SignalMeasurements.peak(after[(fade - 10)..<fade]), 5.5 / Double(fade + 1) + 1e-6,
                          "faded, not cut")
        looper.press()
        _ = play(looper, sine(300, frames: 4_800))
        looper.press()
        _ = play(looper, silence(240))
        XCTAssertEqual(looper.status.length, 0.1, accuracy: 1e-9)
    }

    func testUndoRemovesLayersOneByOneAndTheLastEmptiesTheLooper() {
        let looper = Looper(sampleRate: rate, maximumSeconds: 2, maximumLayers: 3)
        looper.press()
        _ = play(looper, sine(437, frames: 4_800))
        looper.undo()
        _ = play(looper, silence(240))
        XCTAssertEqual(looper.status.state, .empty, "undo while recording the first layer drops it")
        let recorded = recordFirstLayer(length: 4_800, tone: sine(437, frames: 4_800 + fade))
        recorded.press()
        _ = play(recorded, sine(660, frames: 960))
        recorded.undo()
        _ = play(recorded, silence(240))
        XCTAssertEqual(recorded.status.state, .playing, "an overdub in progress is dropped")
        XCTAssertEqual(recorded.status.layers, 1)
        recorded.undo()
        let out = play(recorded, silence(4_800))
        XCTAssertEqual(recorded.status.state, .empty, "undoing the only layer empties the looper")
        XCTAssertEqual(SignalMeasurements.peak(out[fade...]), 0)
    }

    func testTheFirstLayerClosesItselfAtTheMaximumLength() {
        let looper = Looper(sampleRate: rate, maximumSeconds: 1, maximumLayers: 2)
        looper.press()
        let tone = sine(437, frames: 60_000)
        _ = play(looper, tone)
        XCTAssertEqual(looper.status.state, .playing)
        XCTAssertEqual(looper.status.length, 1, accuracy: 1e-9, "closed at the maximum")
        XCTAssertEqual(looper.status.position, Double(12_000) / rate, accuracy: 1e-9, "and playing on from there")
    }

    func testALayerBeyondTheMaximumIsRefused() {
        let looper = recordFirstLayer(length: 4_800, tone: sine(437, frames: 4_800 + fade), maximumLayers: 2)
        looper.press()
        _ = play(looper, sine(660, frames: 4_800))
        XCTAssertEqual(looper.status.layers, 2)
        looper.press()
        _ = play(looper, sine(660, frames: 480))
        XCTAssertEqual(looper.status.state, .playing)
        XCTAssertEqual(looper.status.layers, 2)
        XCTAssertTrue(looper.status.full, "the refused press is shown")
        looper.undo()
        looper.press()
        _ = play(looper, silence(2 * fade))
        XCTAssertFalse(looper.status.full)
        XCTAssertEqual(looper.status.state, .overdubbing, "after an undo a new layer can be recorded")
    }

    func testAFadeOutSilencesTheLoop() {
        let looper = recordFirstLayer(length: 4_800, tone: sine(437, frames: 4_800 + fade))
        looper.kernel.fadeOut()
        let out = play(looper, silence(4_800))
        XCTAssertEqual(SignalMeasurements.peak(out[fade...]), 0)
    }

    func testTheMixdownIsOnePassOfTheLoopAsItPlays() {
        let length = 14_400
        let tone = sine(437, frames: length + fade)
        let looper = recordFirstLayer(length: length, tone: tone)
        let pass = play(looper, silence(length))
        XCTAssertEqual(looper.kernel.mixdown().left, pass)
        XCTAssertEqual(looper.kernel.mixdown().right, pass, "a mono looper's two channels are the same")
        XCTAssertEqual(looper.kernel.mixdown().layers, 1)
        looper.press()
        _ = play(looper, sine(660, frames: 480))
        XCTAssertEqual(looper.kernel.mixdown().layers, 1, "an overdub still recording is left out")
        XCTAssertEqual(Looper(sampleRate: rate).kernel.mixdown().left, [], "nothing without a loop")
    }

    /// Behind a stereo effect chain the looper keeps both channels: each plays back what it recorded.
    func testAStereoLooperKeepsEachChannel() {
        let looper = Looper(sampleRate: rate, maximumSeconds: 2, maximumLayers: 2, stereo: true)
        let length = 9_600
        let leftTone = sine(437, frames: 2 * length), rightTone = sine(293, frames: 2 * length, amplitude: 0.3)
        func run(_ left: [Float], _ right: [Float]) -> (left: [Float], right: [Float]) {
            var l = left, r = right
            l.withUnsafeMutableBufferPointer { lb in
                r.withUnsafeMutableBufferPointer { rb in
                    looper.kernel.process(left: lb.baseAddress!, right: rb.baseAddress!, frames: lb.count)
                }
            }
            return (l, r)
        }
        looper.press()
        _ = run(Array(leftTone[..<length]), Array(rightTone[..<length]))
        looper.press()
        _ = run(Array(leftTone[length..<(2 * length)]), Array(rightTone[length..<(2 * length)]))  // the seam's tails
        let played = run(silence(length), silence(length))
        // Past the crossfade, each channel plays its own recording.
        for p in stride(from: fade, to: length, by: 101) {
            XCTAssertEqual(played.left[p], leftTone[p], accuracy: 1e-6, "left at \(p)")
            XCTAssertEqual(played.right[p], rightTone[p], accuracy: 1e-6, "right at \(p)")
        }
        let mix = looper.kernel.mixdown()
        XCTAssertEqual(mix.left, played.left)
        XCTAssertEqual(mix.right, played.right)
    }
}
