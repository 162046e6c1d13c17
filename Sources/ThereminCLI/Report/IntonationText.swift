import Foundation
import ThereminCore
import ThereminSession

/// The intonation report as the player reads it in a terminal, and as JSON for other tools (`--json`).
enum IntonationText {
    static func render(_ report: IntonationReport, trace: String, crossCheck: AudioCrossCheck? = nil) -> String {
        let judged = report.scale == Scale.chromatic.name ? "the nearest semitone" : "\(report.root) \(report.scale)"
        var text = String(format: "intonation of %@: %.1f s, sound on %.1f s, notes held %.1f s (judged against %@)\n",
                          trace, report.duration, report.soundingTime, report.heldTime, judged)
        guard !report.notes.isEmpty else {
            text += report.soundingTime > 0
                ? "no note was held for the minimum time (--min-hold): the pitch never rested\n"
                : "nothing sounded: no hand in the trace\n"
            return text
        }
        text += "note   holds    held   median   spread   vibrato\n"
        for note in report.notes {
            let median = abs(note.medianCents) < 0.05 ? "0.0" : String(format: "%+.1f", note.medianCents)
            text += pad(note.name, 4) + String(format: "%7d %6.1f s ", note.holds, note.heldTime)
                + String(repeating: " ", count: max(0, 7 - median.count)) + median + String(format: "¢ %7.1f¢", note.spreadCents)
                + (note.vibrato.map { String(format: "   %.1f Hz ±%.0f¢", $0.rate, $0.depth) } ?? "   none") + "\n"
        }
        text += String(format: "within ±10¢: %.0f%% of held time\nwithin ±25¢: %.0f%% of held time\n",
                       report.shareWithin10 * 100, report.shareWithin25 * 100)
        text += "worst: " + report.worstNotes().map { $0.name + " " + cents($0.medianCents) }
            .joined(separator: ", ") + "\n"
        if let low = report.lowest, let high = report.highest {
            text += "range: \(describe(low)) to \(describe(high))\n"
        }
        if let crossCheck { text += crossCheck.summary + "\n" }
        return text
    }

    /// A frequency as note, cents and Hz: "C4 +7¢ (263.2 Hz)".
    static func describe(_ frequency: Double) -> String {
        let nearest = Note.nearest(to: frequency)
        return nearest.name + " " + cents(nearest.cents) + String(format: " (%.1f Hz)", frequency)
    }

    /// Whole cents with their sign, "0" for anything that rounds to it (never "-0").
    static func cents(_ value: Double, unit: String = "¢") -> String {
        let rounded = value.rounded()
        return (rounded == 0 ? "0" : String(format: "%+.0f", rounded)) + unit
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// The figures as JSON (keys sorted; times in seconds, offsets in cents, frequencies in Hz).
    static func json(_ report: IntonationReport, trace: String, crossCheck: AudioCrossCheck? = nil,
                     playAlong: PlayAlongText.Document? = nil) throws -> String {
        struct Note: Encodable { let note: String; let midi: Int; let holds: Int; let heldSeconds, medianCents, spreadCents: Double }
        struct Hold: Encodable {
            let note: String
            let start, end, medianCents: Double
            let vibratoHz, vibratoCents: Double?
        }
        struct Check: Encodable { let checkedHolds: Int; let largestDifferenceCents: Double }
        struct Document: Encodable {
            let version = 1
            let trace: String
            let scale, root: String
            let durationSeconds, soundingSeconds, heldSeconds, shareWithin10Cents, shareWithin25Cents: Double
            let lowestHz, highestHz: Double?
            let notes: [Note]
            let worst: [String]
            let holds: [Hold]
            let audioCheck: Check?
            let playAlong: PlayAlongText.Document?
        }
        let document = Document(
            trace: trace, scale: report.scale, root: report.root, durationSeconds: report.duration,
            soundingSeconds: report.soundingTime, heldSeconds: report.heldTime, shareWithin10Cents: report.shareWithin10,
            shareWithin25Cents: report.shareWithin25, lowestHz: report.lowest, highestHz: report.highest,
            notes: report.notes.map { Note(note: $0.name, midi: $0.midi, holds: $0.holds, heldSeconds: $0.heldTime,
                                           medianCents: $0.medianCents, spreadCents: $0.spreadCents) },
            worst: report.worstNotes().map(\.name),
            holds: report.holds.map {
                let vibrato = $0.vibrato
                return Hold(note: $0.name, start: $0.start, end: $0.end, medianCents: $0.medianOffset,
                            vibratoHz: vibrato?.rate, vibratoCents: vibrato?.depth)
            },
            audioCheck: crossCheck.map { Check(checkedHolds: $0.checked, largestDifferenceCents: $0.largestDifference) },
            playAlong: playAlong)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
    }
}
