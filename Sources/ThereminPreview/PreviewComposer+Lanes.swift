import Foundation
import ThereminCore
import ThereminSession

/// The play-along on the preview: the notes ahead as bars on their note lines, scrolling from the right towards a
/// "now" line; the note due turns green while the pitch is within ±15 cents of it; the fingertip's recent heights
/// trail left of the now line, so the player sees where the hand went against where the notes were; the next
/// note's name large, and the count-in's beat. Under the antenna law (upright lines) only the names are shown.
extension PreviewComposer {
    /// Seconds of the score ahead shown right of the now line.
    static let lookahead = 3.0
    /// The now line's place across the lanes (0: their left end, 1: the picture's right edge).
    static let nowShare = 0.3

    /// The lanes' geometry: the now line's column and the pixels a second.
    struct Lanes {
        let start: Int
        let now: Int
        let pixelsPerSecond: Double

        init(labels: [NoteLine], layout: PreviewLayout) {
            start = layout.lineStart(labels: labels.map(\.name))
            now = start + Int((Double(layout.width - start) * PreviewComposer.nowShare).rounded())
            pixelsPerSecond = Double(layout.width - now) / PreviewComposer.lookahead
        }

        /// The column of a time (seconds from the first beat) when the now line stands at `elapsed`.
        func column(_ time: Double, elapsed: Double) -> Int {
            now + Int(((time - elapsed) * pixelsPerSecond).rounded())
        }
    }

    func drawLanes(_ status: LiveStatus, labels: [NoteLine], on canvas: inout Canvas, layout: PreviewLayout) {
        guard let guide = status.playAlong, let moment = status.playAlongMoment else { return }
        if labels.first?.isVertical != true {
            let lanes = Lanes(labels: labels, layout: layout)
            let rows = Self.laneRows(status, layout: layout)
            drawNoteBars(guide, moment, rows: rows, lanes: lanes, on: &canvas, layout: layout)
            canvas.blend(x: lanes.now - layout.pixels(1), y: 0, width: layout.pixels(3), height: layout.height,
                         color: PreviewPalette.outline, opacity: 0.6)
            canvas.fillRectangle(x: lanes.now, y: 0, width: layout.pixels(1), height: layout.height,
                                 color: PreviewPalette.nowLine)
            drawTrail(status.fingertipTrail, elapsed: moment.elapsed, lanes: lanes, on: &canvas, layout: layout)
        }
        drawNextNote(guide, moment, on: &canvas, layout: layout)
    }

    /// The row of every semitone's line (whatever the scale drawn), by MIDI number.
    static func laneRows(_ status: LiveStatus, layout: PreviewLayout) -> [Int: Int] {
        var chromatic = status
        chromatic.scale = .chromatic
        var rows: [Int: Int] = [:]
        for line in PreviewNoteLines.lines(for: chromatic, calibration: .identity) {
            rows[line.midi] = layout.row(forY: line.position)
        }
        return rows
    }

    private func drawNoteBars(_ guide: PlayAlongGuide, _ moment: PlayAlongGuide.Moment, rows: [Int: Int], lanes: Lanes,
                              on canvas: inout Canvas, layout: PreviewLayout) {
        let half = layout.pixels(6)
        let earliest = moment.elapsed - Double(lanes.now - lanes.start) / lanes.pixelsPerSecond
        for (index, note) in guide.score.notes.enumerated()
        where note.end >= earliest && note.start <= moment.elapsed + Self.lookahead {
            guard let row = rows[note.midi] else { continue }
            let x0 = max(lanes.start, lanes.column(note.start, elapsed: moment.elapsed))
            let x1 = min(layout.width, lanes.column(note.end, elapsed: moment.elapsed) - layout.pixels(2))
            guard x1 > x0 else { continue }
            let colour = index == moment.current ? (moment.inTune ? PreviewPalette.inTune : PreviewPalette.dueNote)
                : note.end < moment.elapsed ? PreviewPalette.pastNote : PreviewPalette.aheadNote
            canvas.blend(x: x0 - 1, y: row - half - 1, width: x1 - x0 + 2, height: 2 * half + 2,
                         color: PreviewPalette.outline, opacity: 0.6)
            canvas.fillRectangle(x: x0, y: row - half, width: x1 - x0, height: 2 * half, color: colour)
        }
    }

    private func drawTrail(_ trail: [TrailPoint], elapsed: Double, lanes: Lanes, on canvas: inout Canvas,
                           layout: PreviewLayout) {
        for (a, b) in zip(trail, trail.dropFirst()) {
            guard let ya = a.y, let yb = b.y else { continue }
            let xa = lanes.column(a.elapsed, elapsed: elapsed), xb = lanes.column(b.elapsed, elapsed: elapsed)
            guard xb >= lanes.start else { continue }
            canvas.line(x0: xa, y0: layout.row(forY: ya), x1: xb, y1: layout.row(forY: yb), color: PreviewPalette.trail,
                        thickness: layout.pixels(2), smooth: true)
        }
    }

    /// The next note's name large at the top of the lanes, with the count-in's beat or the time until it.
    private func drawNextNote(_ guide: PlayAlongGuide, _ moment: PlayAlongGuide.Moment, on canvas: inout Canvas,
                              layout: PreviewLayout) {
        let notes = guide.score.notes
        let x = layout.width / 3
        let big = Canvas.measure("A#4", scale: layout.noteTextScale * 1.4, thickness: layout.boldThickness + 1)
        let small = Canvas.measure("next", scale: layout.bodyTextScale)
        let pad = layout.pixels(6)
        let baseline = layout.margin + pad + small.height + pad + big.height
        let caption: String
        if let beat = moment.countIn {
            caption = "count-in \(beat) of \(guide.score.beatsPerBar)"
        } else if let next = moment.next {
            caption = String(format: "next in %.1f s", max(0, notes[next].start - moment.elapsed))
        } else {
            caption = moment.current == nil ? "the end" : "last note"
        }
        panel(x: x - pad, y: layout.margin, width: max(big.width, Canvas.measure(caption, scale: layout.bodyTextScale).width)
                + 2 * pad, height: baseline + big.descent + pad - layout.margin, on: &canvas)
        canvas.text(caption, x: x, baseline: layout.margin + pad + small.height, scale: layout.bodyTextScale,
                    color: PreviewPalette.dimText, thickness: layout.textThickness)
        if let next = moment.next {
            canvas.text(notes[next].name, x: x, baseline: baseline, scale: layout.noteTextScale * 1.4,
                        color: PreviewPalette.aheadNote, thickness: layout.boldThickness + 1)
        }
    }
}

extension PreviewPalette {
    /// A note of the score still to come, the one due (not yet in tune), and one gone by.
    static let aheadNote = Color(red: 110, green: 200, blue: 255)
    static let dueNote = Color(grey: 245)
    static let pastNote = Color(grey: 110)
    /// The now line and the fingertip's trail.
    static let nowLine = Color(grey: 250)
    static let trail = Color(red: 255, green: 110, blue: 200)
}
