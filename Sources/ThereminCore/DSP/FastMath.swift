/// The two functions the voice evaluates for every sample, as short polynomials: libm's `sin` and `exp2` handle any
/// argument to the last bit and cost most of an offline render (about half of `--replay … --output`'s time); the
/// voice needs neither their range nor their last bits, since its samples end up as 24-bit integers at best.
/// Render-side: pure arithmetic, no allocation.
enum FastMath {
    /// sin(2π·t) for a phase `t` in [0, 1), within 1e-9 (a 24-bit sample's step is 1.2e-7).
    @inline(__always)
    static func sinTurns(_ t: Double) -> Double {
        // Fold into a quarter turn around 0, where sin is odd and its Taylor series converges fast:
        // sin(2π(0.5 − x)) = sin(2πx).
        var x = t >= 0.5 ? t - 1 : t
        if x > 0.25 {
            x = 0.5 - x
        } else if x < -0.25 {
            x = -0.5 - x
        }
        let u = x * (2 * Double.pi)  // |u| ≤ π/2: the first omitted term, u¹⁵/15!, is below 7e-10
        let u2 = u * u
        var p = 1.0 / 6_227_020_800
        p = p * u2 - 1.0 / 39_916_800
        p = p * u2 + 1.0 / 362_880
        p = p * u2 - 1.0 / 5_040
        p = p * u2 + 1.0 / 120
        p = p * u2 - 1.0 / 6
        p = p * u2 + 1
        return u * p
    }

    /// 2^x for |x| < 1000, within 1e-8 relative (pitch in log2 Hz to frequency: 2e-5 cent).
    @inline(__always)
    static func exp2(_ x: Double) -> Double {
        guard x > -1000, x < 1000 else { return x > 0 ? .infinity : 0 }  // NaN too: never trap in the audio thread
        // floor(x) by truncation (one instruction; `rounded(.down)` is a libm call on baseline x86-64).
        var truncated = Int64(x)
        if Double(truncated) > x { truncated -= 1 }
        let whole = Double(truncated)
        // 2^f = √2 · e^(g) with g = (f − ½)·ln 2 in ±0.347: Taylor to g⁷ leaves less than 6e-9.
        let g = (x - whole - 0.5) * 0.693_147_180_559_945_3
        var p = 1.0 / 5_040
        p = p * g + 1.0 / 720
        p = p * g + 1.0 / 120
        p = p * g + 1.0 / 24
        p = p * g + 1.0 / 6
        p = p * g + 0.5
        p = p * g + 1
        p = p * g + 1
        let scale = Double(bitPattern: UInt64(truncated + 1023) << 52)
        return p * 1.414_213_562_373_095_1 * scale
    }
}
