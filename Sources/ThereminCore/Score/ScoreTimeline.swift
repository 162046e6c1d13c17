/// A score's time as its file writes it, in quarter notes, with the tempo and metre changes along it; turns
/// positions into seconds and lays out the bars. The MIDI file and the text score both build their `Score` here.
struct ScoreTimeline {
    /// From `position` (quarter notes) on, a quarter note lasts `seconds`.
    struct Tempo { var position: Double; var seconds: Double }
    /// From `position` on, bars of `beats` beats of 1/`unit` notes.
    struct Metre { var position: Double; var beats: Int; var unit: Int }

    private(set) var tempos: [Tempo] = [Tempo(position: 0, seconds: 0.5)]
    private(set) var metres: [Metre] = [Metre(position: 0, beats: 4, unit: 4)]

    /// Sets the tempo from `position`; one at the same position replaces the earlier.
    mutating func setTempo(secondsPerQuarter seconds: Double, at position: Double) {
        tempos.removeAll { $0.position >= position }
        tempos.append(Tempo(position: position, seconds: seconds))
    }

    mutating func setMetre(beats: Int, unit: Int, at position: Double) {
        metres.removeAll { $0.position >= position }
        metres.append(Metre(position: position, beats: beats, unit: unit))
    }

    /// Seconds from the start at `position` quarter notes.
    func seconds(at position: Double) -> Double {
        var total = 0.0
        for (index, tempo) in tempos.enumerated() {
            let next = index + 1 < tempos.count ? tempos[index + 1].position : Double.infinity
            if position <= next { return total + (position - tempo.position) * tempo.seconds }
            total += (next - tempo.position) * tempo.seconds
        }
        return total
    }

    /// The positions (quarter notes) where the bars start that start before `end` (at least the first).
    func barPositions(through end: Double) -> [Double] {
        var bars: [Double] = []
        var position = 0.0
        var metre = metres[0]
        while position < end - 1e-9 || bars.isEmpty {
            if let change = metres.last(where: { $0.position <= position + 1e-9 }) { metre = change }
            bars.append(position)
            position += Double(metre.beats) * 4 / Double(metre.unit)
        }
        return bars
    }

    /// The score of `notes` (MIDI number, start and end in quarter notes), cut to one voice: a note that starts
    /// while another sounds ends that one, and of notes starting together the highest is kept (the melody's voice).
    func score(title: String, notes: [(midi: Int, start: Double, end: Double)]) -> Score {
        let ordered = notes.filter { $0.end > $0.start }.sorted { ($0.start, -$0.midi) < ($1.start, -$1.midi) }
        var kept: [(midi: Int, start: Double, end: Double)] = []
        for note in ordered {
            if let last = kept.last, abs(last.start - note.start) < 1e-9 { continue }
            if let last = kept.last, last.end > note.start { kept[kept.count - 1].end = note.start }
            kept.append(note)
        }
        let timed = kept.map { note in
            let start = seconds(at: note.start)
            return ScoreNote(midi: note.midi, start: start, duration: seconds(at: note.end) - start)
        }
        let last = kept.last?.end ?? 0
        let opening = metres[0]
        let beatQuarters = 4 / Double(opening.unit)
        return Score(title: title, notes: timed,
                     bars: barPositions(through: last).map(seconds(at:)),
                     beatsPerBar: opening.beats, beat: seconds(at: beatQuarters))
    }
}
