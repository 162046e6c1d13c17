/// The two functions the voice evaluates for every sample, as short polynomials: libm's `sin` and `exp2` handle any
/// argument to the last bit and cost most of an offline render (about half of `--replay … --output`'s time); the
/// voice needs neither their range nor their last bits, since its samples end up as 24-bit integers at best.
/// Render-side: pure arithmetic, no allocation.
enum FastMath {
    /// sin(2π·t) for a phase `t` in [0, 1], within 4e-9 (a 24-bit sample's step is 1.2e-7, thirty times more).
    /// Branch-free, so a loop of them vectorizes.
    @inline(__always)
    static func sinTurns(_ t: Double) -> Double {
        // Fold into a quarter turn around 0, where sin is odd: sin(2π(0.5 − x)) = sin(2πx).
        let half = t >= 0.5 ? t - 1 : t
        let x = half > 0.25 ? 0.5 - half : (half < -0.25 ? -0.5 - half : half)
        // x · P(x²) with P the least-maximum-error fit of degree 4 on |x| ≤ 0.25 (error 3.3e-9; fitted with
        // tools/fit_fast_math.py), in turns so no multiplication by 2π is needed. Degree 4, not 5: a tenth less of
        // the voice's time, and still far below what a 24-bit file can hold.
        let x2 = x * x
        var p = 39.536705246693685
        p = p * x2 - 76.54978219095973
        p = p * x2 + 81.60100406903885
        p = p * x2 - 41.34165503135314
        p = p * x2 + 6.2831851600892294
        return x * p
    }

    /// 2^x within 2e-9 relative (pitch in log2 Hz to frequency: 3e-6 cent) for |x| ≤ 1000; beyond, and for NaN,
    /// the value at ±1000 (never a trap in the audio thread). Branch-free, so a loop of them vectorizes.
    @inline(__always)
    static func exp2(_ x: Double) -> Double {
        let low = x > -1000 ? x : -1000  // NaN lands here too
        let d = low < 1000 ? low : 1000
        // The nearest integer k, from the bits of d + 1.5·2^52 (whose last bits are then k); 2^d = 2^k · 2^f.
        let magic = 6_755_399_441_055_744.0
        let shifted = d + magic
        let f = d - (shifted - magic)  // in [-0.5, 0.5]
        let k = Int64(bitPattern: shifted.bitPattern) &- Int64(bitPattern: magic.bitPattern)
        // 2^f by the least-maximum-relative-error fit of degree 6 on |f| ≤ 0.5 (error 1.9e-9; tools/fit_fast_math.py).
        var p = 0.000153458147644597
        p = p * f + 0.001339993128696969
        p = p * f + 0.009618488947250417
        p = p * f + 0.05550328776776603
        p = p * f + 0.24022646890720917
        p = p * f + 0.6931472057373689
        p = p * f + 1.0000000005541565
        return p * Double(bitPattern: UInt64(bitPattern: (k &+ 1023) &<< 52))
    }

    /// x − ⌊x⌋ for 0 ≤ x < 2^51 (a phase in turns wrapped into [0, 1)), without a call to `floor` (SSE2 has no
    /// rounding instruction). Branch-free, so a loop of them vectorizes.
    @inline(__always)
    static func fraction(_ x: Double) -> Double {
        let magic = 6_755_399_441_055_744.0  // 1.5 · 2^52: adding it rounds to the nearest integer
        let nearest = (x + magic) - magic
        let rest = x - nearest
        return rest < 0 ? rest + 1 : rest
    }
}
