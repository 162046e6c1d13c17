/// A per-sample curve computed in runs (`ParameterRamp`, `GateFade`): what one sample and a silent stretch are in
/// terms of `fill`, so they land on the same values as a run would.
public protocol AnchoredCurve {
    /// Advances `count` samples and writes their values to `output`. Render-side: no allocation.
    mutating func fill(_ output: UnsafeMutablePointer<Double>, count: Int)
}

extension AnchoredCurve {
    /// Advances one sample and returns its value.
    @inline(__always)
    public mutating func next() -> Double {
        var one = 0.0
        fill(&one, count: 1)
        return one
    }

    /// Advances `count` samples without keeping them (a glide goes on while nothing sounds).
    public mutating func skip(_ count: Int) {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: ParameterRamp.anchorInterval) { scratch in
            guard let base = scratch.baseAddress else { return }
            var left = count
            while left > 0 {
                let n = min(left, ParameterRamp.anchorInterval)
                fill(base, count: n)
                left -= n
            }
        }
    }
}
