/// The two functions the voice evaluates for every sample, as short polynomials: libm's `sin` and `exp2` handle any
/// argument to the last bit and cost most of an offline render (about half of `--replay … --output`'s time); the
/// voice needs neither their range nor their last bits, since its samples end up as 24-bit integers at best.
/// Render-side: pure arithmetic, no allocation.
enum FastMath {
    /// sin(2π·t) for a phase `t` in [0, 1], within 1e-10 (a 24-bit sample's step is 1.2e-7). Branch-free, so a
    /// loop of them vectorizes.
    @inline(__always)
    static func sinTurns(_ t: Double) -> Double {
        // Fold into a quarter turn around 0, where sin is odd: sin(2π(0.5 − x)) = sin(2πx).
        let half = t >= 0.5 ? t - 1 : t
        let x = half > 0.25 ? 0.5 - half : (half < -0.25 ? -0.5 - half : half)
        // x · P(x²) with P the least-maximum-error fit of degree 5 on |x| ≤ 0.25 (error 1.4e-11; fitted with
        // tools/fit_fast_math.py), in turns so no multiplication by 2π is needed.
        let x2 = x * x
        var p = -14.337024046778307
        p = p * x2 + 41.999989725828385
        p = p * x2 - 76.7036678219067
        p = p * x2 + 81.60520943093958
        p = p * x2 - 41.341701929771325
        p = p * x2 + 6.283185306487505
        return x * p
    }

    /// 2^x within 1e-10 relative (pitch in log2 Hz to frequency: 2e-7 cent) for |x| ≤ 1000; beyond, and for NaN,
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
        // 2^f by the least-maximum-relative-error fit of degree 7 on |f| ≤ 0.5 (error 4e-11; tools/fit_fast_math.py).
        var p = 1.5201924245183866e-05
        p = p * f + 0.00015469291206167076
        p = p * f + 0.0013333922552546942
        p = p * f + 0.009618027253450283
        p = p * f + 0.05550410353460792
        p = p * f + 0.2402265119815944
        p = p * f + 0.693147180728442
        p = p * f + 0.9999999999616819
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
