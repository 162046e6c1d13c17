import XCTest
import ThereminCore
import ThereminSession
import ThereminTestSupport

/// A performance renders through the render-destination port: the whole performance, tail included, the same
/// sound as the mix played directly, with no sound file.
final class PerformanceRenderTests: XCTestCase {
    func testTheWholePerformanceReachesTheDestination() throws {
        let trace = Trace(metadata: TraceMetadata(),
                          samples: (0...30).map { HandSample(t: Double($0) / 30, x: 1, y: 0, present: true) })
        let sound = SoundDescription(mapper: ControlMapper())
        let setup = try RenderSetup(sound: sound, sampleRate: 48_000, files: NoBackingFiles.self)
        let destination = MemoryRenderDestination()
        let performance = setup.performance(of: trace)
        try performance.render(into: destination)
        XCTAssertEqual(destination.left.count, performance.totalFrames)
        XCTAssertEqual(destination.progress.last, 1)
        XCTAssertEqual(SignalMeasurements.steadyFrequency(destination.left[9_600..<38_400], sampleRate: 48_000).frequency ?? 0,
                       440, accuracy: 1, "the hand at the top")

        var direct = [Float](repeating: 0, count: performance.totalFrames)
        var right = direct
        let again = try RenderSetup(sound: sound, sampleRate: 48_000, files: NoBackingFiles.self).performance(of: trace)
        direct.withUnsafeMutableBufferPointer { l in
            right.withUnsafeMutableBufferPointer { r in
                guard let lb = l.baseAddress, let rb = r.baseAddress else { return }
                again.mix.renderStereo(left: lb, right: rb, frames: again.totalFrames)
            }
        }
        XCTAssertEqual(destination.left, direct, "bit-identical to the mix rendered directly")
    }

    /// What analysis listens to is the mix as a sound file would get it, in blocks as an output asks for them.
    func testTheRenderInMemoryIsTheMixInBlocks() throws {
        let trace = Trace(metadata: TraceMetadata(),
                          samples: (0...30).map { HandSample(t: Double($0) / 30, x: 1, y: Double($0) / 30, present: true) })
        let sound = SoundDescription(mapper: ControlMapper())
        let heard = try RenderSetup(sound: sound, sampleRate: 48_000, files: NoBackingFiles.self).performance(of: trace)
            .renderedInMemory()
        let destination = MemoryRenderDestination()
        try RenderSetup(sound: sound, sampleRate: 48_000, files: NoBackingFiles.self).performance(of: trace)
            .render(into: destination)
        XCTAssertGreaterThan(heard.left.count, 4_096 * 8, "many blocks")
        XCTAssertEqual(heard.left, destination.left, "block by block, the same samples as in one call")
        XCTAssertEqual(heard.right, destination.right)
    }
}
