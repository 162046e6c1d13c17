import ThereminCore
import ThereminSession

/// The note lines the preview draws: every semitone of the range (C and A emphasized) for the chromatic scale, or
/// only the chosen scale's notes (its root emphasized); placed by the pitch law and the calibration, and named as
/// they sound after the octave shift.
enum PreviewNoteLines {
    static func lines(for status: LiveStatus, calibration: Calibration) -> [NoteLine] {
        guard status.scale.isChromatic else {
            return status.mapping.noteLines(scale: status.scale, root: status.root, octave: status.octave,
                                            calibration: calibration)
        }
        return status.mapping.noteLines(calibration: calibration).map { line in
            var shifted = line
            shifted.midi += 12 * status.octave
            shifted.name = Note.name(midi: shifted.midi)
            shifted.frequency = Note.frequency(midi: Double(shifted.midi))
            return shifted
        }
    }

    /// The line of the note being played, if it is one of `lines` (the nearest semitone to `frequency`).
    static func playing(_ frequency: Double?, level: Double, among lines: [NoteLine]) -> NoteLine? {
        guard let frequency, frequency > 0, level > 0.001 else { return nil }
        let nearest = Note.nearest(to: frequency).midi
        return lines.first { $0.midi == nearest }
    }
}
