import Foundation
import ThereminCore

/// The play-along score as the player reads it at the end of play, in `--report` and after `--replay`: one line
/// for the whole, then one for each note of the melody.
enum PlayAlongText {
    static func render(_ score: PlayAlongScore, bars: [Double], aligned: String?) -> String {
        var text = String(format: "play-along with %@: %.0f of 100 (%d of %d notes reached, %d held)\n", score.title,
                          score.overall, score.reached, score.notes.count, score.held)
        if let aligned { text += aligned + "\n" }
        text += "note  bar      due     late   median  spread  held\n"
        for note in score.notes {
            let bar = (bars.lastIndex { $0 <= note.note.start + 1e-9 } ?? 0) + 1
            let late = note.lateness.map { String(format: "%4.0f ms", $0 * 1000) } ?? "missed"
            let median = note.medianCents.map { IntonationText.cents($0) } ?? "--"
            let spread = note.spreadCents.map { String(format: "%.0f¢", $0) } ?? "--"
            text += pad(note.note.name, 4) + String(format: "%5d %7.2f s ", bar, note.note.start)
                + leftPad(late, 8) + leftPad(median, 9) + leftPad(spread, 8) + "  " + (note.held ? "yes" : "no") + "\n"
        }
        return text
    }

    /// The score for `--json`.
    struct Document: Encodable {
        struct Note: Encodable {
            let note: String
            let midi: Int
            let start, duration, points: Double
            let medianCents, spreadCents, latenessSeconds: Double?
            let held: Bool
        }
        let title: String
        let overall: Double
        let reached, held: Int
        let firstBeat: Double
        let notes: [Note]

        init(_ score: PlayAlongScore, firstBeat: Double) {
            title = score.title
            overall = score.overall
            reached = score.reached
            held = score.held
            self.firstBeat = firstBeat
            notes = score.notes.map {
                Note(note: $0.note.name, midi: $0.note.midi, start: $0.note.start, duration: $0.note.duration,
                     points: $0.points, medianCents: $0.medianCents, spreadCents: $0.spreadCents,
                     latenessSeconds: $0.lateness, held: $0.held)
            }
        }
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    private static func leftPad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}
