/// The preview's note lines for a scale: only the scale's notes (pitch correction leaves them where they are, so
/// the lines hold at every correction strength), the root emphasized, and named as they sound after the octave
/// shift. With the chromatic scale this is every semitone; the preview shows scale lines only for other scales.
extension Mapping {
    public func noteLines(scale: Scale, root: Int, octave: Int, calibration: Calibration = .identity) -> [NoteLine] {
        noteLines(calibration: calibration, pitchClasses: scale.pitchClasses(root: root)).map { line in
            var shifted = line
            shifted.midi += 12 * octave
            shifted.name = Note.name(midi: shifted.midi)
            shifted.frequency = Note.frequency(midi: Double(shifted.midi))
            shifted.emphasized = ((line.midi - root) % 12 + 12) % 12 == 0
            return shifted
        }
    }
}

extension Scale {
    /// The absolute pitch classes (0 = C … 11 = B) of the scale on `root`.
    public func pitchClasses(root: Int) -> Set<Int> {
        Set(steps.map { (($0 + root) % 12 + 12) % 12 })
    }
}
