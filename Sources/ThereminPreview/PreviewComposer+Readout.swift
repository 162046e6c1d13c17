import Foundation
import ThereminCore
import ThereminSession

/// The readout in the top right corner: the note, how many cents off, the frequency, the level, the waveform, the
/// rates, and the muted and paused tags; and the keys in the bottom right corner.
extension PreviewComposer {
    func drawReadout(_ snapshot: LiveSnapshot, status: LiveStatus, on canvas: inout Canvas, layout: PreviewLayout) {
        let pad = layout.pixels(8)
        let width = layout.panelWidth
        let left = layout.width - layout.margin - width
        let inner = width - 2 * pad
        let noteSize = Canvas.measure("A#4", scale: layout.noteTextScale, thickness: layout.boldThickness)
        let bodySize = Canvas.measure("Hz", scale: layout.bodyTextScale)
        let smallSize = Canvas.measure("fps", scale: layout.smallTextScale)
        let barHeight = layout.pixels(8)
        let tags = [(status.muted, "MUTED", PreviewPalette.muted), (status.paused, "PAUSED", PreviewPalette.paused)]
            .filter(\.0)
        let tagHeight = smallSize.height + 2 * layout.pixels(4)
        var height = pad + noteSize.height + pad + barHeight + pad + bodySize.height + pad + barHeight + pad
            + smallSize.height + pad
        if !tags.isEmpty { height += tagHeight + pad }
        panel(x: left, y: layout.margin, width: width, height: height, on: &canvas)

        var y = layout.margin + pad
        let sounding = status.frequency.map { status.level > 0.001 && $0 > 0 } ?? false
        if sounding, let frequency = status.frequency {
            let note = Note.nearest(to: frequency)
            canvas.text(note.name, x: left + pad, baseline: y + noteSize.height, scale: layout.noteTextScale,
                        color: PreviewPalette.text, thickness: layout.boldThickness)
            let cents = String(format: "%+.0f cents", note.cents)
            canvas.text(cents, x: left + pad + noteSize.width + pad, baseline: y + noteSize.height,
                        scale: layout.bodyTextScale, color: tuning(note.cents), thickness: layout.textThickness)
            y += noteSize.height + pad
            drawCentsMeter(note.cents, x: left + pad, y: y, width: inner, height: barHeight, on: &canvas)
            y += barHeight + pad
            canvas.text(String(format: "%.2f Hz", frequency), x: left + pad, baseline: y + bodySize.height,
                        scale: layout.bodyTextScale, color: PreviewPalette.text, thickness: layout.textThickness)
        } else {
            canvas.text("--", x: left + pad, baseline: y + noteSize.height, scale: layout.noteTextScale,
                        color: PreviewPalette.dimText, thickness: layout.boldThickness)
            let why = snapshot.sample?.present == true ? "silent" : "no hand seen"
            canvas.text(why, x: left + pad + noteSize.width + pad, baseline: y + noteSize.height,
                        scale: layout.bodyTextScale, color: PreviewPalette.dimText, thickness: layout.textThickness)
            y += noteSize.height + pad
            drawCentsMeter(nil, x: left + pad, y: y, width: inner, height: barHeight, on: &canvas)
            y += barHeight + pad
            canvas.text("--- Hz", x: left + pad, baseline: y + bodySize.height, scale: layout.bodyTextScale,
                        color: PreviewPalette.dimText, thickness: layout.textThickness)
        }
        y += bodySize.height + pad
        drawLevel(status.level, x: left + pad, y: y, width: inner, height: barHeight, on: &canvas, layout: layout)
        y += barHeight + pad

        var rates = status.waveform.rawValue + String(format: "  %.1f fps", snapshot.trackerFPS)
        if let latency = status.latency { rates += String(format: "  %.0f ms", latency * 1000) }
        canvas.text(rates, x: left + pad, baseline: y + smallSize.height, scale: layout.smallTextScale,
                    color: PreviewPalette.dimText, thickness: layout.textThickness)
        y += smallSize.height + pad

        var x = left + pad
        for (_, word, color) in tags {
            let size = Canvas.measure(word, scale: layout.smallTextScale)
            canvas.fillRectangle(x: x, y: y, width: size.width + 2 * layout.pixels(5), height: tagHeight, color: color)
            canvas.text(word, x: x + layout.pixels(5), baseline: y + layout.pixels(4) + size.height,
                        scale: layout.smallTextScale, color: .white, thickness: layout.textThickness)
            x += size.width + 2 * layout.pixels(5) + pad
        }
    }

    /// Green when within 10 cents, yellow within 25, orange beyond.
    private func tuning(_ cents: Double) -> Color {
        abs(cents) < 10 ? PreviewPalette.inTune : abs(cents) < 25 ? PreviewPalette.nearlyInTune : PreviewPalette.outOfTune
    }

    /// A tuner's scale from -50 to +50 cents with a mark in the middle and the pitch's position.
    private func drawCentsMeter(_ cents: Double?, x: Int, y: Int, width: Int, height: Int, on canvas: inout Canvas) {
        canvas.fillRectangle(x: x, y: y + height / 2, width: width, height: 1, color: PreviewPalette.dimText)
        canvas.fillRectangle(x: x + width / 2, y: y, width: 1, height: height, color: PreviewPalette.text)
        guard let cents else { return }
        let position = x + Int((Double(width - 1) * (min(max(cents, -50), 50) + 50) / 100).rounded())
        canvas.fillRectangle(x: position - 2, y: y, width: 5, height: height, color: tuning(cents))
    }

    private func drawLevel(_ level: Double, x: Int, y: Int, width: Int, height: Int, on canvas: inout Canvas,
                           layout: PreviewLayout) {
        let label = "level"
        let size = Canvas.measure(label, scale: layout.smallTextScale)
        canvas.text(label, x: x, baseline: y + height, scale: layout.smallTextScale, color: PreviewPalette.dimText)
        let barX = x + size.width + layout.pixels(6)
        let barWidth = max(1, width - size.width - layout.pixels(6))
        canvas.rectangle(x: barX, y: y, width: barWidth, height: height, color: PreviewPalette.dimText)
        let filled = Int((Double(barWidth - 2) * min(max(level, 0), 1)).rounded())
        canvas.fillRectangle(x: barX + 1, y: y + 1, width: filled, height: height - 2, color: PreviewPalette.level)
    }

    /// The keys, in the bottom right corner, under the looper's state while it has a loop: its words and a bar
    /// for where the loop is (red while a layer records, green while the loop plays); above `bottom` when given.
    func drawKeyHelp(loop: LoopStatus?, bottom: Int? = nil, on canvas: inout Canvas, layout: PreviewLayout) {
        let keys = ["q quit   m mute   w waveform", "space pause   c calibrate", "l loop   u undo   x clear"]
        var heading: CornerHeading?
        if let loop, let text = LoopText.describe(loop) {
            let recording = loop.state == .recording || loop.state == .overdubbing
            // While the first layer records there is no length yet: the bar is full.
            let progress = loop.state == .recording || loop.length <= 0 ? 1 : loop.position / loop.length
            heading = CornerHeading(text: text, color: recording ? PreviewPalette.muted : PreviewPalette.inTune,
                                    progress: progress)
        }
        drawCornerPanel(keys, color: PreviewPalette.dimText, on: &canvas, layout: layout, heading: heading, bottom: bottom)
    }

    /// A coloured first line over a corner panel's text, with a progress bar under it.
    struct CornerHeading {
        var text: String
        var color: Color
        /// 0…1: how much of the bar is filled.
        var progress: Double
    }

    /// Small text lines on a panel in the bottom right corner (ending above `bottom` when given), under a heading,
    /// if any.
    func drawCornerPanel(_ body: [String], color: Color, on canvas: inout Canvas, layout: PreviewLayout,
                         heading: CornerHeading? = nil, bottom: Int? = nil) {
        let lines = (heading.map { [$0.text] } ?? []) + body
        let pad = layout.pixels(6)
        let barHeight = heading == nil ? 0 : layout.pixels(5) + pad
        let scale = layout.smallTextScale
        let sizes = lines.map { Canvas.measure($0, scale: scale) }
        let lineHeight = (sizes.map(\.height).max() ?? 0) + pad
        let width = (sizes.map(\.width).max() ?? 0) + 2 * pad
        let height = lineHeight * lines.count + pad + barHeight
        let left = layout.width - layout.margin - width, top = (bottom ?? layout.height) - layout.margin - height
        panel(x: left, y: top, width: width, height: height, on: &canvas)
        var baseline = top
        for (index, line) in lines.enumerated() {
            baseline += lineHeight
            if let heading, index == 0 {
                canvas.text(line, x: left + pad, baseline: baseline, scale: scale, color: heading.color,
                            thickness: layout.textThickness)
                let inner = width - 2 * pad
                let filled = Int((Double(inner) * min(max(heading.progress, 0), 1)).rounded())
                canvas.rectangle(x: left + pad, y: baseline + pad, width: inner, height: layout.pixels(5),
                                 color: PreviewPalette.dimText)
                canvas.fillRectangle(x: left + pad, y: baseline + pad, width: max(1, filled), height: layout.pixels(5),
                                     color: heading.color)
                baseline += barHeight
            } else {
                canvas.text(line, x: left + pad, baseline: baseline, scale: scale, color: color)
            }
        }
    }

    /// Paused: a band across the middle saying so and how to go on.
    func drawPaused(on canvas: inout Canvas, layout: PreviewLayout) {
        drawCentred(["PAUSED", "press Space to play"], on: &canvas, layout: layout, color: PreviewPalette.paused)
    }

    /// Problems to show (camera lost, recording failed, a setting not remembered), on red panels at the top left.
    func drawWarnings(_ warnings: [String], on canvas: inout Canvas, layout: PreviewLayout) {
        guard let box = PreviewComposer.warningBox(warnings, layout: layout) else { return }
        canvas.blend(x: box.x, y: box.y, width: box.width, height: box.height, color: PreviewPalette.muted,
                     opacity: PreviewComposer.warningOpacity)
        for (index, line) in box.lines.enumerated() {
            canvas.text(line, x: box.x + box.pad, baseline: box.y + box.lineHeight * (index + 1) - layout.pixels(2),
                        scale: layout.bodyTextScale, color: .white, thickness: layout.textThickness)
        }
    }

    /// How much the warnings' panel hides of the picture under it.
    static let warningOpacity = 0.75

    /// Where `drawWarnings` puts its panel and the lines it wraps the warnings into (nil without warnings); the
    /// screen tests use it to tell a line the panel covers from a line drawn in the wrong place.
    static func warningBox(_ warnings: [String], layout: PreviewLayout)
        -> (x: Int, y: Int, width: Int, height: Int, lines: [String], lineHeight: Int, pad: Int)? {
        guard !warnings.isEmpty else { return nil }
        let pad = layout.pixels(6)
        let width = layout.width - layout.panelWidth - 3 * layout.margin
        let lines = warnings.flatMap { PreviewComposer.wrap($0, width: width - 2 * pad, scale: layout.bodyTextScale) }
        let lineHeight = Canvas.measure("Ag", scale: layout.bodyTextScale).height + pad + layout.pixels(2)
        return (layout.margin, layout.margin, width, lineHeight * lines.count + pad, lines, lineHeight, pad)
    }
}
