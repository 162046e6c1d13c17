import ThereminCore

/// A render destination that keeps the samples: an offline render without a sound file.
public final class MemoryRenderDestination: RenderDestination {
    public private(set) var left: [Float] = []
    public private(set) var right: [Float] = []
    /// The fractions reported, in order.
    public private(set) var progress: [Double] = []
    /// Whether the render was given up.
    public private(set) var discarded = false

    public init() {}

    public func render(_ mix: BlockRenderer, totalFrames: Int, progress report: (Double) -> Void) {
        left = [Float](repeating: 0, count: totalFrames)
        right = left
        left.withUnsafeMutableBufferPointer { l in
            right.withUnsafeMutableBufferPointer { r in
                guard let lb = l.baseAddress, let rb = r.baseAddress else { return }
                mix.renderStereo(left: lb, right: rb, frames: totalFrames)
            }
        }
        progress.append(1)
        report(1)
    }

    public func discard() { discarded = true }
}
