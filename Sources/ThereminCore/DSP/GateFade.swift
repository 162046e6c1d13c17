/// A linear fade between silence and full level, driven by the hand being present or not: the tone never stops or
/// starts abruptly. Render-side; allocation-free.
///
/// Like `ParameterRamp`, the line is computed in closed form from an anchor (where the gate last opened or closed,
/// and every `ParameterRamp.anchorInterval` samples after), so the values do not depend on the block size.
public struct GateFade: AnchoredCurve, Sendable {
    /// Current gain in [0, 1].
    public private(set) var gain: Double = 0
    /// True while the gate is open (the hand is present); changing it anchors the line at the current gain.
    public var isOpen: Bool = false {
        didSet { anchor() }
    }
    private var riseStep: Double
    private var fallStep: Double
    private var anchorGain = 0.0
    /// 1, 2, … 32: the samples since the anchor, as numbers (a table, so the loop needs no conversions).
    private var sampleNumbers: SIMD32<Double>
    private var sinceAnchor = 0

    /// - Parameters:
    ///   - fadeTime: seconds for a full fade out (30–60 ms sounds natural).
    ///   - riseTime: seconds for a full fade in; `fadeTime` when nil.
    ///   - sampleRate: samples per second.
    public init(fadeTime: Double, riseTime: Double? = nil, sampleRate: Double) {
        func step(_ time: Double) -> Double { time > 0 ? 1 / (time * sampleRate) : 1 }
        fallStep = step(fadeTime)
        riseStep = step(riseTime ?? fadeTime)
        sampleNumbers = SIMD32(repeating: 0)
        for k in 0..<sampleNumbers.scalarCount { sampleNumbers[k] = Double(k + 1) }
    }

    /// True when the gate is closed and fully faded out: the voice is silent.
    public var isSilent: Bool { !isOpen && gain == 0 }

    /// Advances `count` samples and writes their gains to `output`. Render-side: no allocation.
    @inline(__always)
    public mutating func fill(_ output: UnsafeMutablePointer<Double>, count: Int) {
        var done = 0
        while done < count {
            let n = min(count - done, ParameterRamp.anchorInterval - sinceAnchor)
            let start = anchorGain, first = sinceAnchor, out = output + done
            let signedStep = isOpen ? riseStep : -fallStep
            if isOpen ? start >= 1 : start <= 0 {
                // Fully open or shut (nearly always): the line is flat, the same values the loop would give.
                out.update(repeating: isOpen ? 1 : 0, count: n)
            } else {
                withUnsafeBytes(of: &sampleNumbers) { table in
                    guard let numbers = table.baseAddress?.assumingMemoryBound(to: Double.self) else { return }
                    let from = numbers + first
                    for k in 0..<n {
                        let moved = start + from[k] * signedStep
                        out[k] = moved > 1 ? 1 : (moved < 0 ? 0 : moved)
                    }
                }
            }
            done += n
            gain = output[done - 1]
            sinceAnchor += n
            if sinceAnchor == ParameterRamp.anchorInterval { anchor() }
        }
    }

    private mutating func anchor() {
        anchorGain = gain
        sinceAnchor = 0
    }
}
