/// How height maps to pitch between the range's ends.
public enum PitchLaw: String, Sendable, CaseIterable {
    /// frequency = high − (high − low)·y: the original theremin design (440 − 220·y by default).
    case linear
    /// Equal distance per semitone: low·(high/low)^(1−y), so every note is equally wide on screen.
    case exponential
}
