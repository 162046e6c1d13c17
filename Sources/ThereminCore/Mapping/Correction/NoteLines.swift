/// Where the preview draws the scale's notes: each scale note inside the playing range with the height (y, 0 top …
/// 1 bottom) at which the hand plays it. Pitch correction leaves scale notes where they are, so these heights hold
/// at every correction strength; the octave shift moves the sounding notes, not the lines.
public struct NoteLine: Sendable, Equatable {
    public let note: ScaleNote
    /// Normalized height in the playing area.
    public let y: Double

    public init(note: ScaleNote, y: Double) {
        self.note = note
        self.y = y
    }

    /// The lines for a mapping, a scale and an octave shift, highest note (top of the screen) first.
    /// With the chromatic scale every semitone is a line; the preview shows them only for other scales.
    public static func lines(mapping: Mapping, scale: Scale, root: Int, octave: Int) -> [NoteLine] {
        let shift = exp2(Double(octave))
        let notes = scale.notes(root: root, from: min(mapping.low, mapping.high) * shift,
                                to: max(mapping.low, mapping.high) * shift)
        return notes.reversed().compactMap { note in
            mapping.y(forFrequency: note.frequency / shift).map { NoteLine(note: note, y: $0) }
        }
    }
}

import Foundation
