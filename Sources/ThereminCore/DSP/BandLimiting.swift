/// Polynomial corrections that remove most aliasing from the discontinuities of naive waveforms
/// (Välimäki's PolyBLEP for steps, Esqueda's PolyBLAMP for corners).
enum BandLimiting {
    /// Step correction around a discontinuity at phase 0; `t` is the phase, `dt` the phase increment per sample.
    @inline(__always)
    static func polyBLEP(_ t: Double, _ dt: Double) -> Double {
        if t < dt {
            let x = t / dt
            return x + x - x * x - 1
        }
        if t > 1 - dt {
            let x = (t - 1) / dt
            return x * x + x + x + 1
        }
        return 0
    }

    /// Corner (slope change) correction around phase 0, in units of one sample's slope.
    @inline(__always)
    static func polyBLAMP(_ t: Double, _ dt: Double) -> Double {
        if t < dt {
            let x = t / dt - 1
            return -x * x * x / 3
        }
        if t > 1 - dt {
            let x = (t - 1) / dt + 1
            return x * x * x / 3
        }
        return 0
    }

    @inline(__always)
    static func wrap(_ t: Double) -> Double {
        t >= 1 ? t - t.rounded(.down) : (t < 0 ? t - t.rounded(.down) : t)
    }
}
