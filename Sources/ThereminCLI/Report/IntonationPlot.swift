import Foundation
import ThereminCore
import ThereminPreview

/// `--plot`: the performance as a picture a player would rather look at than read. Pitch over time on a note grid
/// (the preview's note lines and colours: C and A, or the scale's root, in gold; with a scale, only its notes
/// drawn strongly), each held note drawn thick and coloured by how far off it sat (green within ±10 cents, yellow
/// within ±25, orange beyond) with its offset written above, and the level underneath. Sized for a laptop screen.
struct IntonationPlot {
    static let width = 1280
    static let height = 720
    /// The pitch area and the level strip, in pixels.
    static let left = 70, right = 1260
    static let pitchTop = 60, pitchBottom = 590
    static let levelTop = 615, levelBottom = 685
    static let background = Color(grey: 24)
    static let curve = Color(grey: 200)
    /// A semitone outside the scale, when a scale is chosen.
    static let outsideScale = Color(grey: 64)
    /// The level strip: blue, so it is not read as a tuning colour.
    static let level = Color(red: 80, green: 120, blue: 200)

    let report: IntonationReport
    let points: [PitchPoint]
    let settings: IntonationSettings
    let title: String
    /// The melody played along with, drawn under the pitch (IntonationPlot+Melody.swift).
    let melody: Melody?
    /// The grid's range in MIDI numbers: a semitone beyond the lowest and highest pitch sounded, at least an
    /// octave (A3–A4 when nothing sounded).
    let lowMidi: Int
    let highMidi: Int
    let startTime: Double
    let endTime: Double

    init(report: IntonationReport, points: [PitchPoint], settings: IntonationSettings, title: String,
         melody: Melody? = nil) {
        self.report = report
        self.points = points
        self.settings = settings
        self.title = title
        self.melody = melody
        var low = report.lowest.map { Int(Note.midi(frequency: $0).rounded(.down)) - 1 } ?? 57
        var high = report.highest.map { Int(Note.midi(frequency: $0).rounded(.up)) + 1 } ?? 69
        if let notes = melody?.notes, let lowest = notes.map(\.note.midi).min(), let highest = notes.map(\.note.midi).max() {
            low = min(low, lowest - 1)
            high = max(high, highest + 1)
        }
        if high - low < 12 {
            let missing = 12 - (high - low)
            low -= missing / 2
            high += missing - missing / 2
        }
        lowMidi = low
        highMidi = high
        startTime = points.first?.t ?? 0
        endTime = max(startTime + 1, points.last?.t ?? 1, report.holds.last?.end ?? 0, melody?.notes.last?.note.end ?? 0)
    }

    /// The pixel row of a (fractional) MIDI pitch.
    func row(midi: Double) -> Int {
        let share = (Double(highMidi) - midi) / Double(highMidi - lowMidi)
        return Self.pitchTop + Int((share * Double(Self.pitchBottom - Self.pitchTop)).rounded())
    }

    /// The pixel column of a time in seconds.
    func column(time: Double) -> Int {
        let share = (time - startTime) / (endTime - startTime)
        return Self.left + Int((share * Double(Self.right - Self.left)).rounded())
    }

    /// The colour a hold is drawn in, by its median offset.
    static func colour(offset: Double) -> Color {
        abs(offset) <= 10 ? PreviewPalette.inTune : abs(offset) <= 25 ? PreviewPalette.nearlyInTune : PreviewPalette.outOfTune
    }

    /// The composed picture.
    func draw() -> Canvas {
        var canvas = Canvas(width: Self.width, height: Self.height)
        canvas.fill(Self.background)
        drawGrid(on: &canvas)
        drawMelody(on: &canvas)
        drawTimeAxis(on: &canvas)
        drawLevel(on: &canvas)
        drawCurve(on: &canvas)
        drawHolds(on: &canvas)
        drawTitle(on: &canvas)
        return canvas
    }

    private func drawGrid(on canvas: inout Canvas) {
        for midi in lowMidi...highMidi {
            let pitchClass = ((midi % 12) + 12) % 12
            let inScale = settings.scale.contains(midi: midi, root: settings.root)
            let color: Color
            var thickness = 1
            if settings.scale.isChromatic {
                let landmark = pitchClass == 0 || pitchClass == 9
                color = landmark ? PreviewPalette.emphasizedLine
                    : Note.names[pitchClass].hasSuffix("#") ? Self.dim(PreviewPalette.sharpLine) : Self.dim(PreviewPalette.naturalLine)
                thickness = landmark ? 2 : 1
            } else if inScale {
                let root = pitchClass == ((settings.root % 12) + 12) % 12
                color = root ? PreviewPalette.emphasizedLine : PreviewPalette.naturalLine
                thickness = root ? 2 : 1
            } else {
                color = Self.outsideScale
            }
            let y = row(midi: Double(midi))
            canvas.line(x0: Self.left, y0: y, x1: Self.right, y1: y, color: color, thickness: thickness)
            if !settings.scale.isChromatic && !inScale { continue }
            canvas.text(Note.name(midi: midi), x: 8, baseline: y + 6, scale: 0.5, color: color)
        }
    }

    private func drawTimeAxis(on canvas: inout Canvas) {
        let span = endTime - startTime
        let step = [1.0, 2, 5, 10, 15, 30, 60, 120, 300].first { span / $0 <= 16 } ?? 600
        var tick = (startTime / step).rounded(.up) * step
        while tick <= endTime + 1e-9 {
            let x = column(time: tick)
            canvas.line(x0: x, y0: Self.pitchBottom + 2, x1: x, y1: Self.pitchBottom + 8, color: Self.curve)
            canvas.text(Self.clock(tick), x: x - 14, baseline: Self.pitchBottom + 22, scale: 0.42, color: PreviewPalette.dimText)
            tick += step
        }
        canvas.text("level", x: 8, baseline: Self.levelBottom - 4, scale: 0.45, color: PreviewPalette.dimText)
    }

    private func drawLevel(on canvas: inout Canvas) {
        let height = Double(Self.levelBottom - Self.levelTop)
        for (index, point) in points.enumerated() where point.sounding && point.level > 0 {
            let x0 = column(time: point.t)
            let x1 = index + 1 < points.count ? column(time: points[index + 1].t) : x0 + 1
            let top = Self.levelBottom - Int((min(1, point.level) * height).rounded())
            canvas.fillRectangle(x: x0, y: top, width: max(1, x1 - x0), height: Self.levelBottom - top, color: Self.level)
        }
    }

    private func drawCurve(on canvas: inout Canvas) {
        for index in 1..<max(1, points.count) {
            let (a, b) = (points[index - 1], points[index])
            guard a.sounding, b.sounding, a.frequency > 0, b.frequency > 0 else { continue }
            canvas.line(x0: column(time: a.t), y0: row(midi: a.cents / 100), x1: column(time: b.t),
                        y1: row(midi: b.cents / 100), color: Self.curve, thickness: 1, smooth: true)
        }
    }

    private func drawHolds(on canvas: inout Canvas) {
        for hold in report.holds {
            let offset = hold.medianOffset
            let y = row(midi: Double(hold.midi) + offset / 100)
            let (x0, x1) = (column(time: hold.start), column(time: hold.end))
            let color = Self.colour(offset: offset)
            canvas.line(x0: x0, y0: y, x1: x1, y1: y, color: color, thickness: 5)
            let label = hold.name + " " + IntonationText.cents(offset, unit: "c")
            canvas.text(label, x: x0, baseline: y - 9, scale: 0.45, color: color)
        }
    }

    private func drawTitle(on canvas: inout Canvas) {
        let scale = settings.scale.isChromatic ? "" : "  \(report.root) \(report.scale)"
        let summary = String(format: "%@%@   held %.1f s: %.0f%% within +/-10c, %.0f%% within +/-25c", title, scale,
                             report.heldTime, report.shareWithin10 * 100, report.shareWithin25 * 100)
        canvas.text(summary, x: Self.left, baseline: 32, scale: 0.6, color: PreviewPalette.title)
    }

    /// A preview colour at about half strength, for the many thin lines of a dense grid.
    static func dim(_ color: Color) -> Color {
        Color(red: color.red / 2, green: color.green / 2, blue: color.blue / 2)
    }

    /// Seconds as m:ss.
    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return String(format: "%d:%02d", whole / 60, whole % 60)
    }
}
