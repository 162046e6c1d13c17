import XCTest
import ThereminCore

final class ScheduledRendererTests: XCTestCase {
    private static let leavesAndReturns = [
        TimedControl(sampleIndex: 0, control: Control(frequency: 220, amplitude: 0.5, gate: true)),
        TimedControl(sampleIndex: 1_234, control: Control(frequency: 330, amplitude: 0.9, gate: true)),
        TimedControl(sampleIndex: 5_000, control: Control(frequency: 330, amplitude: 0, gate: false)),
    ]

    private func renderAll(blockSize: Int, waveform: Waveform = .saw, vibrato: VibratoSettings = .off,
                           schedule: [TimedControl] = leavesAndReturns, frames: Int = 9_000) -> [Float] {
        let rate = 48_000.0
        let engine = SynthEngine(sampleRate: rate, voice: VoiceSettings(waveform: waveform, vibrato: vibrato),
                                 effects: EffectChain([Delay(settings: DelaySettings(), sampleRate: rate)]))
        let renderer = ScheduledRenderer(engine: engine, schedule: schedule, totalFrames: frames)
        var output: [Float] = []
        var block = [Float](repeating: 0, count: blockSize)
        while !renderer.isFinished {
            let frames = min(blockSize, renderer.totalFrames - renderer.renderedFrames)
            block.withUnsafeMutableBufferPointer { renderer.render(into: $0.baseAddress!, frames: frames) }
            output += block[0..<frames]
        }
        return output
    }

    func testOutputDoesNotDependOnBlockSize() {
        let a = renderAll(blockSize: 64)
        let b = renderAll(blockSize: 241)
        let c = renderAll(blockSize: 4_096)
        XCTAssertEqual(a.count, 9_000)
        XCTAssertEqual(a, b)
        XCTAssertEqual(a, c)
        XCTAssertGreaterThan(a.map(abs).max() ?? 0, 0.1)
    }

    /// The hand leaves and comes back twice: the fade-out reaches silence inside a block for some block sizes and
    /// at a block's end for others, and where the next note's phase starts must not depend on it.
    func testAReturningHandStartsAtTheSamePhaseWhateverTheBlockSize() {
        let schedule = [
            TimedControl(sampleIndex: 0, control: Control(frequency: 440, amplitude: 0.8, gate: true)),
            TimedControl(sampleIndex: 3_001, control: Control(frequency: 440, amplitude: 0.8, gate: false)),
            TimedControl(sampleIndex: 7_777, control: Control(frequency: 523, amplitude: 0.6, gate: true)),
            TimedControl(sampleIndex: 11_000, control: Control(frequency: 523, amplitude: 0.6, gate: false)),
            TimedControl(sampleIndex: 14_321, control: Control(frequency: 261, amplitude: 1, gate: true)),
        ]
        for waveform in [Waveform.sine, .theremin] {
            let renders = [1, 64, 241, 960, 4_096].map {
                renderAll(blockSize: $0, waveform: waveform, vibrato: VibratoSettings(rate: 5.5, depth: 20),
                          schedule: schedule, frames: 20_000)
            }
            for render in renders.dropFirst() { XCTAssertEqual(render, renders[0], "\(waveform)") }
            XCTAssertGreaterThan(renders[0][15_000...].map(abs).max() ?? 0, 0.5, "the last note sounds")
        }
    }
}
