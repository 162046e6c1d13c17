/// How the control chain trades steadiness for following the hand: the motion estimator (`expressive`, the
/// default: vibrato at its depth, leaps that land, the latency predicted away) or the One Euro filter with the
/// pre-2026-12 defaults and a 12 ms glide (`steady`).
public enum Response: String, Sendable, CaseIterable {
    case expressive
    case steady
}

/// The motion estimator's parameters (`AxisEstimator`), fixed from `make measure-response` (docs/decisions.md:
/// "The motion estimator").
public struct MotionSettings: Sendable, Equatable {
    /// How long the sound may be carried ahead of the newest frame along the hand's estimated path (seconds), on top
    /// of the frame interval: the pipeline's latency, so the sound never stops between frames.
    public var horizon: Double
    /// The largest position gain (α) the tracker may use: below 1 keeps it from ringing on a sudden move.
    public var maximumGain: Double
    /// How far past the last two measurements a prediction may go (normalized units, on top of one noise σ): a
    /// hand that stops dead is never heard to overshoot by more than this (≈ 1 cent at the default octave).
    public var overshootMargin: Double
    /// The acceleration the tracker always allows for (units/s²): the smoothing of a still hand.
    public var accelerationFloor: Double
    /// How fast the tracker settles back to a still hand's smoothing after a move (seconds): quickly, so the
    /// jitter at a leap's landing is not passed on.
    public var release: Double
    /// The tracker's jitter per frame against what its second differences show: it holds its crop from frame to
    /// frame, so its error is correlated and the differences see about 40 % of it (measured on the corpus clips).
    public var noiseScale: Double
    /// A velocity is followed ahead only beyond this many noise σ per frame (smoothly: v³/(v² + g²)).
    public var velocityGate: Double

    public init(horizon: Double = 0.024, maximumGain: Double = 0.95, overshootMargin: Double = 0.0008,
                accelerationFloor: Double = 0.1, release: Double = 0.05, noiseScale: Double = 2.5,
                velocityGate: Double = 4) {
        self.horizon = horizon
        self.maximumGain = maximumGain
        self.overshootMargin = overshootMargin
        self.accelerationFloor = accelerationFloor
        self.release = release
        self.noiseScale = noiseScale
        self.velocityGate = velocityGate
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

    /// The pitch's glide when `--glide` is not given (milliseconds): 1 ms behind the motion estimator, whose path
    /// joins the frames (a leap lands 6–8 ms sooner than at the volume's 4), the glide itself with One Euro.
    public var defaultPitchGlide: Double {
        switch self {
        case .motion: return 1
        case .oneEuro: return defaultGlide
        }
    }
}
