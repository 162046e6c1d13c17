import Foundation
import ThereminCore

/// The tuner's line: note, cents off, frequency and a needle that sits in the middle when the note is in tune.
/// `A4   +3.2¢   440.81 Hz  [--------------------|+-----------------]`
enum TunerNeedle {
    /// Characters either side of the centre mark; each is 2.5 cents.
    static let halfWidth = 20

    static func text(frequency: Double?) -> String {
        guard let frequency, frequency > 0 else {
            return "--     ---¢       --- Hz  [" + String(repeating: " ", count: halfWidth) + "|" + String(repeating: " ", count: halfWidth) + "]"
        }
        let note = Note.nearest(to: frequency)
        return note.name.padding(toLength: 5, withPad: " ", startingAt: 0)
            + String(format: "%+5.1f¢  %8.2f Hz  ", note.cents, frequency) + needle(cents: note.cents)
    }

    /// The needle: `|` marks the centre and `+` the reading; `=` replaces the centre mark when the reading is
    /// within ±1.25 cents (in tune).
    static func needle(cents: Double) -> String {
        let offset = Int((min(max(cents, -50), 50) / 50 * Double(halfWidth)).rounded())
        var cells = [Character](repeating: "-", count: 2 * halfWidth + 1)
        cells[halfWidth] = "|"
        cells[halfWidth + offset] = offset == 0 ? "=" : "+"
        return "[" + String(cells) + "]"
    }
}
