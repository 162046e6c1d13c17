import Foundation

extension Score {
    /// The tempos a text score may give, in beats a minute.
    public static let textTempos = 1.0...1_000.0

    /// A text score: lines of notes as the demo's tune writes them (`E4 E4 F4:2 r:0.5 |`: a note name with
    /// `:beats`, default 1; `r` a rest; `|` bar lines for the reader; `/` and `~` marks allowed), and the lines
    /// `title NAME`, `tempo BPM` (from there on; default 120) and `time N/D` (default 4/4; a beat is a 1/D note).
    /// `#` starts a comment.
    /// - Throws: `ScoreError` naming the line and what is wrong with it, or a score without notes.
    public init(text: String, named file: String) throws(ScoreError) {
        var timeline = ScoreTimeline()
        var title: String?
        var unit = 4
        var position = 0.0  // quarter notes
        var notes: [(midi: Int, start: Double, end: Double)] = []
        // A byte-order mark some editors write is not part of the first line's first word.
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        for (index, raw) in body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let keyword = words.first?.lowercased() else { continue }
            func fail(_ problem: String) -> ScoreError { ScoreError(file: file, line: index + 1, problem: problem) }
            switch keyword {
            case "title":
                title = words.dropFirst().joined(separator: " ")
            case "tempo":
                guard words.count == 2, let bpm = Double(words[1]), Score.textTempos.contains(bpm) else {
                    throw fail("'\(line.trimmingCharacters(in: .whitespaces))' is not a tempo; write tempo and the beats a "
                               + "minute, from 1 to 1000, e.g. tempo 96")
                }
                timeline.setTempo(secondsPerQuarter: 60 / bpm * Double(unit) / 4, at: position)
            case "time":
                let parts = words.count == 2 ? words[1].split(separator: "/") : []
                guard parts.count == 2, let beats = Int(parts[0]), let denominator = Int(parts[1]), (1...32).contains(beats),
                      [1, 2, 4, 8, 16, 32].contains(denominator) else {
                    throw fail("'\(line.trimmingCharacters(in: .whitespaces))' is not a time signature; write e.g. time 3/4")
                }
                // The tempo is in beats: a new beat unit keeps the beats a minute.
                let bpm = 60 / (timeline.tempos.last.map { $0.seconds * 4 / Double(unit) } ?? 0.5)
                unit = denominator
                timeline.setMetre(beats: beats, unit: denominator, at: position)
                timeline.setTempo(secondsPerQuarter: 60 / bpm * Double(unit) / 4, at: position)
            default:
                let tune: Tune
                do {
                    tune = try Tune(line, tempo: 60)
                } catch {
                    throw fail("'\(error.token)' is not a note (like E4, F#4:2 or Bb3:0.5), a rest (r, r:2) or a bar line "
                               + "(|), and the line is not title, tempo or time; write it as one of those")
                }
                for event in tune.events {
                    let length = event.beats * 4 / Double(unit)
                    if let midi = event.midi { notes.append((midi, position, position + length)) }
                    position += length
                }
            }
        }
        self = timeline.score(title: title ?? file, notes: notes)
        guard !self.notes.isEmpty else {
            throw ScoreError(file: file, problem: "it has no notes; write them as note names, e.g. E4 E4 F4 G4:2")
        }
    }
}
