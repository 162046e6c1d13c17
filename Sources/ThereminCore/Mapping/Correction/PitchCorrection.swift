import Foundation

/// Pitch correction as the Moog Theremini does it: the played pitch is pulled towards the nearest note of a scale.
///
/// Between two neighbouring scale notes the pitch follows a smooth, monotonic S-curve whose steepness grows with
/// `amount`: at 0 % it is the straight line (continuous pitch, no correction), at 100 % a step (every position
/// plays a scale note), and in between the curve is flat near the notes and steep half-way, so a held hand settles
/// on a note while a glide still passes through every pitch.
public struct PitchCorrection: Sendable, Equatable {
    public static let amountSpec = ParameterSpec(name: "correct", defaultValue: 0, range: 0...100, unit: "%",
                                                 help: "pull towards the scale's notes: 0 continuous, 100 snapped")

    /// No correction: continuous pitch.
    public static let off = PitchCorrection(scale: .chromatic, root: 0, amount: 0)

    public var scale: Scale
    /// The scale's root as a pitch class (0 = C … 11 = B).
    public var root: Int
    /// Strength in percent, 0…100.
    public var amount: Double

    public init(scale: Scale, root: Int = 0, amount: Double) {
        self.scale = scale
        self.root = ((root % 12) + 12) % 12
        self.amount = min(max(amount, 0), 100)
    }

    /// True when correction changes nothing (amount 0).
    public var isOff: Bool { amount <= 0 }

    /// The corrected pitch, as a fractional MIDI note number.
    public func correct(midi: Double) -> Double {
        guard amount > 0, midi.isFinite else { return midi }
        let (lower, upper) = scale.neighbours(of: midi, root: root)
        let width = Double(upper - lower)
        let position = (midi - Double(lower)) / width
        return Double(lower) + width * PitchCorrection.curve(position, amount: amount)
    }

    /// The corrected frequency in Hz.
    public func correct(frequency: Double) -> Double {
        guard amount > 0, frequency > 0 else { return frequency }
        return Note.frequency(midi: correct(midi: Note.midi(frequency: frequency)))
    }

    /// The S-curve on [0, 1]: `u` at amount 0, a step at 1/2 for amount 100, otherwise the symmetric power curve
    /// ½(2u)^p below the middle and 1 − ½(2 − 2u)^p above it, with p = 1 / (1 − amount/100).
    public static func curve(_ u: Double, amount: Double) -> Double {
        let a = min(max(amount, 0), 100) / 100
        if a <= 0 { return u }
        if a >= 1 { return u < 0.5 ? 0 : 1 }
        let p = 1 / (1 - a)
        return u < 0.5 ? 0.5 * pow(2 * u, p) : 1 - 0.5 * pow(2 - 2 * u, p)
    }
}
