import XCTest
import ThereminCore

final class ScheduledRendererTests: XCTestCase {
    private func renderAll(blockSize: Int) -> [Float] {
        let rate = 48_000.0
        let schedule = [
            TimedControl(sampleIndex: 0, control: Control(frequency: 220, amplitude: 0.5, gate: true)),
            TimedControl(sampleIndex: 1_234, control: Control(frequency: 330, amplitude: 0.9, gate: true)),
            TimedControl(sampleIndex: 5_000, control: Control(frequency: 330, amplitude: 0, gate: false)),
        ]
        let engine = SynthEngine(sampleRate: rate, voice: VoiceSettings(waveform: .saw),
                                 effects: EffectChain([Delay(settings: DelaySettings(), sampleRate: rate)]))
        let renderer = ScheduledRenderer(engine: engine, schedule: schedule, totalFrames: 9_000)
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
}
