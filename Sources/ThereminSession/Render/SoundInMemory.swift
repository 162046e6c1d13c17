import ThereminCore

/// A render destination that keeps the sound in memory instead of a file: what analysis listens to (the report's
/// sound check), rendered from the same mix as a sound file (`PerformanceRender.renderedInMemory()`).
public final class SoundInMemory: RenderDestination {
    /// The two channels, once rendered.
    public private(set) var left: [Float] = []
    public private(set) var right: [Float] = []
    /// Frames rendered per call of the mix, as a sound output would ask for them.
    static let blockFrames = 4_096

    public init() {}

    public func render(_ mix: BlockRenderer, totalFrames: Int, progress: (Double) -> Void) {
        left = [Float](repeating: 0, count: totalFrames)
        right = left
        left.withUnsafeMutableBufferPointer { l in
            right.withUnsafeMutableBufferPointer { r in
                guard let lb = l.baseAddress, let rb = r.baseAddress else { return }
                var done = 0
                while done < totalFrames {
                    let frames = min(SoundInMemory.blockFrames, totalFrames - done)
                    mix.renderStereo(left: lb + done, right: rb + done, frames: frames)
                    done += frames
                }
            }
        }
        progress(1)
    }

    /// Nothing to remove: the samples go with the object.
    public func discard() {}
}
