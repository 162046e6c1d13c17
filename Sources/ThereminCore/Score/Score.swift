/// A melody to play along with, read from a Standard MIDI File or a text score (`ScoreFile`): its notes in time
/// order, never overlapping (a theremin plays one at a time), and its bars. The one score type the preview's note
/// lanes, the terminal display and the play-along scoring all read.
public struct Score: Sendable, Equatable {
    /// What the score calls itself (its track's or its title line's name), or its file's name.
    public var title: String
    public var notes: [ScoreNote]
    /// Seconds from the first beat at which each bar starts, for the bars that start before the last note ends.
    public var bars: [Double]
    /// Beats in the first bar, and seconds one of them lasts: the count-in's clicks.
    public var beatsPerBar: Int
    public var beat: Double

    public init(title: String, notes: [ScoreNote], bars: [Double], beatsPerBar: Int, beat: Double) {
        self.title = title
        self.notes = notes
        self.bars = bars
        self.beatsPerBar = beatsPerBar
        self.beat = beat
    }

    /// Seconds of the count-in: one bar of clicks at the opening tempo.
    public var countIn: Double { Double(beatsPerBar) * beat }
    /// Seconds from the first beat to the end of the last note.
    public var duration: Double { notes.last?.end ?? 0 }
    /// The lowest and highest note (nil for no notes).
    public var lowest: Int? { notes.map(\.midi).min() }
    public var highest: Int? { notes.map(\.midi).max() }

    /// The score played at `scale` times its pace (0.5: half as fast, every time twice as long).
    public func paced(by scale: Double) -> Score {
        guard scale > 0, scale != 1 else { return self }
        return Score(title: title,
                     notes: notes.map { ScoreNote(midi: $0.midi, start: $0.start / scale, duration: $0.duration / scale) },
                     bars: bars.map { $0 / scale }, beatsPerBar: beatsPerBar, beat: beat / scale)
    }

    /// The index of the note sounding at `time` (seconds from the first beat), nil between notes.
    public func noteIndex(at time: Double) -> Int? {
        let index = firstIndex(endingAfter: time)
        return index < notes.count && notes[index].start <= time ? index : nil
    }

    /// The index of the first note that starts at or after `time`, nil after the last.
    public func nextIndex(after time: Double) -> Int? {
        var low = 0, high = notes.count
        while low < high {
            let middle = (low + high) / 2
            if notes[middle].start < time { low = middle + 1 } else { high = middle }
        }
        return low < notes.count ? low : nil
    }

    /// The first note whose end is after `time` (binary search: the notes are in order and do not overlap).
    private func firstIndex(endingAfter time: Double) -> Int {
        var low = 0, high = notes.count
        while low < high {
            let middle = (low + high) / 2
            if notes[middle].end <= time { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
