/// The two functions the voice evaluates for every sample, as short polynomials: libm's `sin` and `exp2` handle any
/// argument to the last bit and cost most of an offline render (about half of `--replay … --output`'s time); the
/// voice needs neither their range nor their last bits, since its samples end up as 24-bit integers at best.
/// Render-side: pure arithmetic, no allocation.
enum FastMath {
    /// sin(2π·t) for a phase `t` in [0, 1), within 1e-9 (a 24-bit sample's step is 1.2e-7). Branch-free, so a
    /// loop of them vectorizes.
    @inline(__always)
    static func sinTurns(_ t: Double) -> Double {
        // Fold into a quarter turn around 0, where sin is odd and its Taylor series converges fast:
        // sin(2π(0.5 − x)) = sin(2πx).
        let half = t >= 0.5 ? t - 1 : t
        let x = half > 0.25 ? 0.5 - half : (half < -0.25 ? -0.5 - half : half)
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

    /// 2^x within 1e-8 relative (pitch in log2 Hz to frequency: 2e-5 cent) for |x| ≤ 1000; beyond, and for NaN,
    /// the value at ±1000 (never a trap in the audio thread). Branch-free, so a loop of them vectorizes.
    @inline(__always)
    static func exp2(_ x: Double) -> Double {
        let low = x > -1000 ? x : -1000  // NaN lands here too
        let d = low < 1000 ? low : 1000
        // The nearest integer, from the bits of d + 1.5·2^52 (whose last bits are then that integer), then floor.
        let magic = 6_755_399_441_055_744.0
        let shifted = d + magic
        let nearest = shifted - magic
        let down: Int64 = nearest > d ? 1 : 0
        let whole = nearest - Double(down)
        let k = (Int64(bitPattern: shifted.bitPattern) &- Int64(bitPattern: magic.bitPattern)) &- down
        // 2^f = √2 · e^(g) with g = (f − ½)·ln 2 in ±0.347: Taylor to g⁷ leaves less than 6e-9.
        let g = (d - whole - 0.5) * 0.693_147_180_559_945_3
        var p = 1.0 / 5_040
        p = p * g + 1.0 / 720
        p = p * g + 1.0 / 120
        p = p * g + 1.0 / 24
        p = p * g + 1.0 / 6
        p = p * g + 0.5
        p = p * g + 1
        p = p * g + 1
        let scale = Double(bitPattern: UInt64(bitPattern: (k &+ 1023) &<< 52))
        return p * 1.414_213_562_373_095_1 * scale
    }
}
