/// How the fingertip's position maps to pitch between the range's ends.
public enum PitchLaw: String, Sendable, CaseIterable {
    /// frequency = high − (high − low)·y: the original theremin design (440 − 220·y by default).
    case linear
    /// Equal distance per semitone: low·(high/low)^(1−y), so every note is equally wide on screen.
    case exponential
    /// A virtual antenna theremin: pitch from the distance to a vertical rod at one side of the picture, steep near
    /// it and flat far away (`AntennaField`); loudness from the height above a volume loop along the bottom.
    case antenna
}
