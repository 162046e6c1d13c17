/// How the intonation report listens: which notes count as targets and what counts as holding one.
public struct IntonationSettings: Sendable, Equatable {
    /// `--min-hold`: the shortest rest on a pitch that counts as a note played (shorter ones are passing notes).
    public static let minHoldSpec = ParameterSpec(name: "min-hold", defaultValue: 300, range: 50...5_000, unit: "ms",
                                                  help: "shortest time the pitch must rest to count as a note in --report")

    /// Notes are judged against the nearest note of this scale on `root` (chromatic: the nearest semitone).
    public var scale: Scale
    /// Pitch class of the scale's root (0 = C).
    public var root: Int
    /// Seconds the pitch must rest near one note to count as holding it.
    public var minHold: Double
    /// Fastest the pitch may move (cents a second, measured across `speedWindow`) and still be resting. A glide
    /// between neighbouring notes moves several hundred; the hand's tremor and a vibrato, averaged across a
    /// vibrato period, a few tens.
    public var restingSpeed: Double
    /// Seconds either side of a point over which its speed is measured: a 5 Hz vibrato's period, so the vibrato
    /// averages out and the note it circles still counts as held.
    public var speedWindow: Double

    public init(scale: Scale = .chromatic, root: Int = 0, minHold: Double = IntonationSettings.minHoldSpec.defaultValue / 1000,
                restingSpeed: Double = 150, speedWindow: Double = 0.1) {
        self.scale = scale
        self.root = root
        self.minHold = minHold
        self.restingSpeed = restingSpeed
        self.speedWindow = speedWindow
    }

    /// The target note nearest to a pitch in cents (MIDI × 100), as a MIDI number.
    public func target(forCents cents: Double) -> Int {
        let (lower, upper) = scale.neighbours(of: cents / 100, root: root)
        return cents - Double(lower) * 100 <= Double(upper) * 100 - cents ? lower : upper
    }
}
