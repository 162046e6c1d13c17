/// One hand (height sets pitch, sideways position volume: the default) or two, like a real theremin (one hand's
/// height sets pitch, the other's height volume).
public enum HandMode: Sendable, Equatable {
    case one
    case two(TwoHandSettings)
}

/// How the volume hand plays in two-hand mode: control-side parameters as data.
public struct TwoHandSettings: Sendable, Equatable {
    public static let volumeTopSpec = ParameterSpec(name: "volume-top", defaultValue: 0.2, range: 0...1, unit: "",
                                                    help: "height (0 top, 1 bottom) at and above which the volume hand plays loudest")
    public static let volumeBottomSpec = ParameterSpec(name: "volume-bottom", defaultValue: 0.8, range: 0...1, unit: "",
                                                       help: "height below which the volume hand mutes")

    /// Pitch with the left hand, volume with the right.
    public var leftHanded: Bool
    /// Top of the volume zone: full volume here and above.
    public var volumeTop: Double
    /// Bottom of the volume zone: silence below it.
    public var volumeBottom: Double

    public init(leftHanded: Bool = false,
                volumeTop: Double = TwoHandSettings.volumeTopSpec.defaultValue,
                volumeBottom: Double = TwoHandSettings.volumeBottomSpec.defaultValue) {
        self.leftHanded = leftHanded
        self.volumeTop = volumeTop
        self.volumeBottom = volumeBottom
    }

    /// Volume for the volume hand's height: 1 at the top of the zone, falling linearly to 0 at its bottom; nil
    /// (muted) below the zone.
    public func volume(y: Double) -> Double? {
        guard y <= volumeBottom else { return nil }
        guard volumeBottom > volumeTop else { return 1 }
        return min(max((volumeBottom - y) / (volumeBottom - volumeTop), 0), 1)
    }
}
