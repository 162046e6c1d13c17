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
    /// The volume loop's field under the antenna law (nil: the volume falls linearly across the zone). The loop lies
    /// along the zone's bottom edge: silent at it, the volume swelling steeply just above it, full at the zone's top.
    public var loop: AntennaField?

    public init(leftHanded: Bool = false,
                volumeTop: Double = TwoHandSettings.volumeTopSpec.defaultValue,
                volumeBottom: Double = TwoHandSettings.volumeBottomSpec.defaultValue, loop: AntennaField? = nil) {
        self.leftHanded = leftHanded
        self.volumeTop = volumeTop
        self.volumeBottom = volumeBottom
        self.loop = loop
    }

    /// Volume for the volume hand's height: 1 at the top of the zone, falling to 0 at its bottom (linearly, or
    /// through the loop's field); nil (muted) below the zone.
    public func volume(y: Double) -> Double? {
        guard y <= volumeBottom else { return nil }
        guard volumeBottom > volumeTop else { return 1 }
        let above = min(max((volumeBottom - y) / (volumeBottom - volumeTop), 0), 1)
        return loop.map { 1 - $0.strength(distance: above) } ?? above
    }
}
