import ThereminCore
import ThereminSession

/// Composes one preview picture from the newest snapshot: the mirrored camera picture, the note lines where the
/// mapping and calibration put each note, the playing box, the hand, the readout, and prompts and warnings.
public struct PreviewComposer {
    public init() {}

    public func compose(_ snapshot: LiveSnapshot, status: LiveStatus) -> Canvas {
        let layout = snapshot.frame.map { PreviewLayout(frameWidth: $0.width, frameHeight: $0.height) } ?? .waiting
        var canvas = Canvas(width: layout.width, height: layout.height)
        if let frame = snapshot.frame {
            canvas.drawMirrored(frame)
        } else {
            canvas.fill(PreviewPalette.waitingBackground)
        }
        if let calibration = snapshot.calibrationStatus {
            // Once done, the playing box (drawn with the result) says it all.
            if case .done = calibration.phase {} else { drawReadings(calibration, on: &canvas, layout: layout) }
        } else {
            let lines = PreviewNoteLines.lines(for: status, calibration: snapshot.calibration)
            let playing = PreviewNoteLines.playing(status.frequency, level: status.level, among: lines)
            if snapshot.calibration != .identity {
                drawPlayingBox(snapshot.calibration, antenna: status.mapping.antennaSide, on: &canvas, layout: layout)
            }
            drawNoteLines(lines, playing: playing?.midi, on: &canvas, layout: layout)
            drawLanes(status, labels: lines, on: &canvas, layout: layout)
        }
        // Every hand seen (two-hand play shows both); the samples are in the mirrored view, as the picture now is.
        let hands = snapshot.hands?.present ?? [snapshot.sample].compactMap { $0 }.filter(\.present)
        for hand in hands { canvas.hand(hand) }
        drawIgnored(snapshot.ignoredHands, on: &canvas, layout: layout)
        if let calibration = snapshot.calibrationStatus {
            drawCalibration(calibration, on: &canvas, layout: layout)
        } else {
            drawReadout(snapshot, status: status, on: &canvas, layout: layout)
            // Upright note lines keep the bottom band for their labels.
            let keysBottom = status.mapping.playsPitchSideways ? layout.uprightLineEnd() : nil
            drawKeyHelp(loop: status.loop, bottom: keysBottom, on: &canvas, layout: layout)
        }
        if status.paused { drawPaused(on: &canvas, layout: layout) }
        let warnings = [snapshot.sourceProblem, snapshot.recordingProblem, status.message, status.handNotice]
            .compactMap { $0 }
        drawWarnings(warnings, on: &canvas, layout: layout)
        if snapshot.frame == nil && warnings.isEmpty {
            drawCentred(["waiting for the camera..."], on: &canvas, layout: layout)
        }
        return canvas
    }

    // MARK: note lines

    /// One line per note at the row the mapping gives, its label left of it; C and A (or the root) stronger, the
    /// note being played strongest.
    func drawNoteLines(_ lines: [NoteLine], playing: Int?, on canvas: inout Canvas, layout: PreviewLayout) {
        if lines.first?.isVertical == true { return drawUprightNoteLines(lines, playing: playing, on: &canvas, layout: layout) }
        let start = layout.lineStart(labels: lines.map(\.name))
        if !lines.isEmpty {
            // The labels' column, darkened so they read over any picture.
            canvas.blend(x: 0, y: 0, width: start - layout.margin / 2, height: layout.height, color: PreviewPalette.panel,
                         opacity: PreviewPalette.panelOpacity)
        }
        for line in lines {
            let thickness = line.midi == playing ? layout.playingThickness
                : line.emphasized ? layout.emphasizedThickness : layout.lineThickness
            let row = layout.row(forY: line.position)
            // A dark edge above and below, then the line itself on exactly its rows.
            canvas.blend(x: start, y: row - 1, width: layout.width - start, height: thickness + 2,
                         color: PreviewPalette.outline, opacity: 0.6)
            canvas.fillRectangle(x: start, y: row, width: layout.width - start, height: thickness,
                                 color: color(of: line, playing: playing))
        }
        for label in PreviewComposer.labels(for: lines, playing: playing, layout: layout) {
            canvas.text(label.line.name, x: label.x, baseline: label.baseline, scale: layout.labelTextScale,
                        color: color(of: label.line, playing: playing), thickness: label.thickness)
        }
    }

    /// Where a note line's label goes.
    struct Label {
        let line: NoteLine
        let x: Int
        let baseline: Int
        let thickness: Int
        /// The rows and columns its text covers.
        let rows: ClosedRange<Int>
        let columns: ClosedRange<Int>
    }

    /// The labels that fit, left of their lines: the played note's and the emphasized ones first, then the others
    /// where they do not run into a label already placed. Each is centred on its line, but kept inside the picture
    /// for the lines at its very top and bottom.
    static func labels(for lines: [NoteLine], playing: Int?, layout: PreviewLayout) -> [Label] {
        if lines.first?.isVertical == true { return uprightLabels(for: lines, playing: playing, layout: layout) }
        var placed: [Label] = []
        for line in labelOrder(lines, playing: playing) {
            let thickness = labelThickness(line, playing: playing, layout: layout)
            let size = Canvas.measure(line.name, scale: layout.labelTextScale, thickness: thickness)
            let row = layout.row(forY: line.position)
            let baseline = min(max(row + size.height / 2, size.height + 2), layout.height - size.descent - 2)
            let rows = (baseline - size.height)...(baseline + size.descent)
            let spaced = (rows.lowerBound - 3)...(rows.upperBound + 3)
            guard !placed.contains(where: { $0.rows.overlaps(spaced) }) else { continue }
            placed.append(Label(line: line, x: layout.margin, baseline: baseline, thickness: thickness, rows: rows,
                                columns: layout.margin...(layout.margin + size.width)))
        }
        return placed
    }

    /// Bold for landmarks and the played note, except sharps: a bold '#' this small blurs into a blot.
    static func labelThickness(_ line: NoteLine, playing: Int?, layout: PreviewLayout) -> Int {
        (line.emphasized || line.midi == playing) && !line.name.contains("#") ? layout.boldThickness : layout.textThickness
    }

    /// The order labels are placed in: the played note's, then the emphasized ones, naturals, sharps.
    static func labelOrder(_ lines: [NoteLine], playing: Int?) -> [NoteLine] {
        func rank(_ line: NoteLine) -> Int {
            line.midi == playing ? 0 : line.emphasized ? 1 : line.name.contains("#") ? 3 : 2
        }
        return lines.indices.sorted { (rank(lines[$0]), $0) < (rank(lines[$1]), $1) }.map { lines[$0] }
    }

    func color(of line: NoteLine, playing: Int?) -> Color {
        line.midi == playing ? PreviewPalette.playingLine
            : line.emphasized ? PreviewPalette.emphasizedLine
            : line.name.contains("#") ? PreviewPalette.sharpLine : PreviewPalette.naturalLine
    }

    /// The player's playing box from the calibration: pitch between its top and bottom, volume from quiet to loud;
    /// under the antenna law pitch from its far side (low) to the side nearer the rod (high).
    func drawPlayingBox(_ box: Calibration, antenna: AntennaField.Side? = nil, on canvas: inout Canvas,
                        layout: PreviewLayout) {
        let left = layout.column(forX: min(box.volumeQuiet, box.volumeLoud))
        let right = layout.column(forX: max(box.volumeQuiet, box.volumeLoud))
        let top = layout.row(forY: box.pitchTop), bottom = layout.row(forY: box.pitchBottom)
        canvas.rectangle(x: left, y: top, width: right - left + 1, height: bottom - top + 1, color: PreviewPalette.box,
                         thickness: layout.pixels(2))
        let scale = layout.smallTextScale
        // Under the antenna law half-way up, clear of the keys, which then stand just above the note labels.
        let baseline = antenna == nil ? bottom - layout.margin : (top + bottom) / 2
        let quietX = layout.column(forX: box.volumeQuiet), loudX = layout.column(forX: box.volumeLoud)
        let (near, far) = antenna == .left ? (left, right) : (right, left)
        for (word, x) in antenna == nil ? [("quiet", quietX), ("loud", loudX)] : [("high", near), ("low", far)] {
            let width = Canvas.measure(word, scale: scale).width
            let inside = x == left ? left + layout.margin : right - layout.margin - width
            patchedText(word, x: inside, baseline: baseline, scale: scale, color: PreviewPalette.box,
                         thickness: layout.textThickness, on: &canvas)
        }
    }

    // MARK: shared helpers

    /// Small text on its own translucent dark patch, readable over any picture.
    func patchedText(_ text: String, x: Int, baseline: Int, scale: Double, color: Color, thickness: Int,
                      on canvas: inout Canvas) {
        let size = Canvas.measure(text, scale: scale, thickness: thickness)
        canvas.blend(x: x - 3, y: baseline - size.height - 3, width: size.width + 6, height: size.height + size.descent + 5,
                     color: PreviewPalette.panel, opacity: PreviewPalette.panelOpacity)
        canvas.text(text, x: x, baseline: baseline, scale: scale, color: color, thickness: thickness)
    }

    /// A translucent dark panel behind text.
    func panel(x: Int, y: Int, width: Int, height: Int, on canvas: inout Canvas) {
        canvas.blend(x: x, y: y, width: width, height: height, color: PreviewPalette.panel,
                     opacity: PreviewPalette.panelOpacity)
    }

    /// Splits `text` into lines no wider than `width` pixels, at spaces.
    static func wrap(_ text: String, width: Int, scale: Double, thickness: Int = 1) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if current.isEmpty || Canvas.measure(candidate, scale: scale, thickness: thickness).width <= width {
                current = candidate
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Lines of text centred in the picture on a panel.
    func drawCentred(_ lines: [String], on canvas: inout Canvas, layout: PreviewLayout, scale: Double? = nil,
                     color: Color = PreviewPalette.text) {
        let scale = scale ?? layout.bodyTextScale
        // The first line (the headline) bold, the others plain.
        let thickness = lines.indices.map { $0 == 0 ? layout.boldThickness : layout.textThickness }
        let sizes = zip(lines, thickness).map { Canvas.measure($0, scale: scale, thickness: $1) }
        let lineHeight = (sizes.map { $0.height + $0.descent }.max() ?? 0) + layout.pixels(8)
        let width = (sizes.map(\.width).max() ?? 0) + 2 * layout.pixels(12)
        let height = lineHeight * lines.count + layout.pixels(12)
        let top = (layout.height - height) / 2
        panel(x: (layout.width - width) / 2, y: top, width: width, height: height, on: &canvas)
        for (index, line) in lines.enumerated() {
            let baseline = top + layout.pixels(6) + lineHeight * index + sizes[index].height + layout.pixels(4)
            canvas.text(line, x: (layout.width - sizes[index].width) / 2, baseline: baseline, scale: scale, color: color,
                        thickness: thickness[index])
        }
    }
}
