/// How the control chain trades steadiness for following the hand: the motion estimator (`expressive`, the
/// default: vibrato at its depth, leaps that land, the latency predicted away) or the One Euro filter with the
/// pre-2026-12 defaults and a 12 ms glide (`steady`).
public enum Response: String, Sendable, CaseIterable {
    case expressive
    case steady
}

/// The motion estimator's parameters (`MotionEstimator`), fixed from `make measure-response` (docs/decisions.md:
/// "The motion estimator").
public struct MotionSettings: Sendable, Equatable {
    /// The longest the sound may be carried ahead of the newest frame along the hand's estimated path (seconds): the
    /// pipeline's latency plus a frame at 60 fps. Longer predictions of a vibrato exaggerate it (linear
    /// extrapolation over τ raises a sine by √(1 + (ωτ)²)).
    public var horizon: Double
    /// The largest position gain (α) the tracker may use: below 1 keeps it from ringing on a sudden move.
    public var maximumGain: Double
    /// How far past the last two measurements a prediction may go (normalized units, on top of three noise σ): a
    /// hand that stops dead is never heard to overshoot by more than this (≈ 2 cents at the default octave).
    public var overshootMargin: Double
    /// How far back the hand's swing is looked at for the span a prediction may take (seconds): a whole cycle of a
    /// 3 Hz vibrato, so its peaks are not cut.
    public var reach: Double
    /// The acceleration the tracker always allows for (units/s²): the smoothing of a still hand.
    public var accelerationFloor: Double
    /// How fast the tracker settles back to a still hand's smoothing after a move (seconds).
    public var release: Double

    public init(horizon: Double = 0.024, maximumGain: Double = 0.95, overshootMargin: Double = 0.0015,
                reach: Double = 0.35, accelerationFloor: Double = 0.3, release: Double = 0.15) {
        self.reach = reach
        self.horizon = horizon
        self.maximumGain = maximumGain
        self.overshootMargin = overshootMargin
        self.accelerationFloor = accelerationFloor
        self.release = release
    }
}

/// Which smoothing the control chain runs.
public enum SmoothingSettings: Sendable, Equatable {
    case motion(MotionSettings)
    case oneEuro(OneEuroSettings)

    /// The default chain: the motion estimator.
    public static let expressive = SmoothingSettings.motion(MotionSettings())
    /// The chain before the motion estimator: One Euro at min-cutoff 1 Hz, beta 5, d-cutoff 1 Hz.
    public static let steady = SmoothingSettings.oneEuro(OneEuroSettings())

    /// The glide the voice uses with this chain when `--glide` is not given (milliseconds): the estimator's path
    /// already joins the frames, so the glide only has to take the edge off each block's step.
    public var defaultGlide: Double {
        switch self {
        case .motion: return VoiceSettings.glideSpec.defaultValue
        case .oneEuro: return 12
        }
    }
}
