import Foundation

/// A virtual antenna theremin's fields, the law of `--pitch-law antenna` (`Mapping` reads the playing box along its
/// axes, `TwoHandSettings.loop` shapes the volume hand's zone with it).
///
/// On an antenna theremin the hand and the rod form a capacitor whose capacitance grows roughly as the inverse of
/// their distance, and the heterodyned pitch shifts in proportion to it: far from the rod the pitch barely moves, near
/// it a small movement is a large interval. With the distance `d` from the antenna normalized to the picture
/// (0 at the antenna line, 1 at the far edge) and a field size `d₀` (a fraction of the picture):
///
///     s(d) = (1/(d + d₀) − 1/(1 + d₀)) / (1/d₀ − 1/(1 + d₀))        (1 at the antenna, 0 at the far edge)
///     frequency = low + (high − low) · s(d)
///
/// so `--low`/`--high` bound it exactly, at the far edge and at the antenna. The volume loop is the same field,
/// lying along the bottom of the picture: with `h` the volume hand's height above it (0 at the bottom, 1 at the top),
/// amplitude = 1 − s(h), silent at the loop and full far above it.
public struct AntennaField: Sendable, Equatable {
    /// Which side of the (mirrored) picture the pitch antenna stands at.
    public enum Side: String, Sendable, CaseIterable {
        case left
        case right
    }

    public static let fieldSpec = ParameterSpec(name: "antenna-field", defaultValue: 0.25, range: 0.02...4, unit: "",
                                                help: "the antenna's field size as a fraction of the picture: smaller is steeper near it")

    public var side: Side
    /// d₀: how far out, in picture widths, the field is still steep.
    public var field: Double

    public init(side: Side = .right, field: Double = AntennaField.fieldSpec.defaultValue) {
        self.side = side
        self.field = min(max(field, AntennaField.fieldSpec.range.lowerBound), AntennaField.fieldSpec.range.upperBound)
    }

    /// s(d): the field's strength at a normalized distance (clamped to [0,1]), 1 at the antenna, 0 at the far edge.
    public func strength(distance: Double) -> Double {
        let d = min(max(distance, 0), 1)
        let far = 1 / (1 + field)
        return (1 / (d + field) - far) / (1 / field - far)
    }

    /// The distance at which the field has a given strength (clamped to [0,1]): the inverse of `strength`.
    public func distance(strength: Double) -> Double {
        let s = min(max(strength, 0), 1)
        let far = 1 / (1 + field)
        return min(max(1 / (s * (1 / field - far) + far) - field, 0), 1)
    }

    /// The fingertip's distance to the antenna line, from its sideways position (0 left … 1 right).
    public func distance(x: Double) -> Double {
        let x = min(max(x, 0), 1)
        return side == .right ? 1 - x : x
    }

    /// The sideways position at a distance from the antenna.
    public func x(distance: Double) -> Double {
        side == .right ? 1 - distance : distance
    }

    /// The pitch at a sideways position, between `low` (far edge) and `high` (at the antenna).
    public func frequency(x: Double, low: Double, high: Double) -> Double {
        low + (high - low) * strength(distance: distance(x: x))
    }

    /// The sideways position that plays `frequency`, or nil outside the range: where a note line stands.
    public func x(forFrequency frequency: Double, low: Double, high: Double) -> Double? {
        let lo = min(low, high), hi = max(low, high)
        guard frequency >= lo * (1 - 1e-12), frequency <= hi * (1 + 1e-12), high != low else { return nil }
        return x(distance: distance(strength: (frequency - low) / (high - low)))
    }

    /// The volume loop: amplitude from the volume hand's height in the picture (0 top … 1 bottom), silent at the
    /// bottom edge where the loop lies, rising steeply just above it and levelling off far above.
    public func amplitude(y: Double) -> Double {
        1 - strength(distance: 1 - min(max(y, 0), 1))
    }
}
