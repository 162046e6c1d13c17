import ThereminCore
import ThereminPreview

/// `--plot` of a take played along with a score: the melody drawn under what was played, each note a band at its
/// pitch from its start to its end, outlined in the colour of its points (green from 80, yellow from 50, orange
/// below) and named, so the picture shows where the pitch left the line and where it came late.
extension IntonationPlot {
    struct Melody {
        /// The score's notes, timed from the plot's start (the trace's first frame), with how each was played.
        var notes: [NoteScore]

        /// The notes of `score` as the plot times them: `firstBeat` is the trace time of the first beat and
        /// `traceStart` that of the trace's first frame (the plot's 0).
        init(_ score: PlayAlongScore, firstBeat: Double, traceStart: Double) {
            notes = score.notes.map { judged in
                var shifted = judged
                shifted.note.start += firstBeat - traceStart
                return shifted
            }
        }
    }

    static func colour(points: Double) -> Color {
        points >= 80 ? PreviewPalette.inTune : points >= 50 ? PreviewPalette.nearlyInTune : PreviewPalette.outOfTune
    }

    func drawMelody(on canvas: inout Canvas) {
        guard let melody else { return }
        let halfBand = max(3, (row(midi: 0) - row(midi: 1)) / 3)
        for judged in melody.notes {
            let y = row(midi: Double(judged.note.midi))
            let (x0, x1) = (column(time: judged.note.start), column(time: judged.note.end))
            let colour = Self.colour(points: judged.points)
            canvas.fillRectangle(x: x0, y: y - halfBand, width: max(1, x1 - x0 - 1), height: 2 * halfBand,
                                 color: Self.dim(Self.dim(colour)))
            canvas.line(x0: x0, y0: y - halfBand, x1: x0, y1: y + halfBand, color: colour, thickness: 2)
            canvas.text(judged.note.name, x: x0 + 3, baseline: y + halfBand + 12, scale: 0.4, color: colour)
        }
    }
}
