/// The oscillator's wave shapes. All but sine are band-limited (PolyBLEP / PolyBLAMP) so high notes do not alias.
public enum Waveform: String, Sendable, CaseIterable {
    case sine
    case triangle
    case saw
    case square

    /// The next shape in a fixed cycle, for the preview's `w` key.
    public var next: Waveform {
        let all = Waveform.allCases
        let index = all.firstIndex(of: self) ?? 0
        return all[(index + 1) % all.count]
    }
}
