/// The oscillator's wave shapes. Triangle, saw and square are band-limited (PolyBLEP / PolyBLAMP) and the theremin
/// voice comes from band-limited tables, so high notes do not alias.
public enum Waveform: String, Sendable, CaseIterable {
    case sine
    case triangle
    case saw
    case square
    /// A sine with overtones set by the voice's brightness (`HarmonicWavetable`): the classic theremin tone.
    case theremin

    /// The next shape in a fixed cycle, for the preview's `w` key.
    public var next: Waveform {
        let all = Waveform.allCases
        let index = all.firstIndex(of: self) ?? 0
        return all[(index + 1) % all.count]
    }
}
