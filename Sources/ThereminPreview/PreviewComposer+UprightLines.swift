import ThereminCore

/// The antenna law's note lines: upright, at the sideways positions where each note is played, crowding together
/// towards the rod as its field steepens, with their labels in a band along the bottom.
extension PreviewComposer {
    func drawUprightNoteLines(_ lines: [NoteLine], playing: Int?, on canvas: inout Canvas, layout: PreviewLayout) {
        let end = layout.uprightLineEnd()
        if !lines.isEmpty {
            canvas.blend(x: 0, y: end + layout.margin / 2, width: layout.width, height: layout.height - end - layout.margin / 2,
                         color: PreviewPalette.panel, opacity: PreviewPalette.panelOpacity)
        }
        for line in lines {
            let thickness = line.midi == playing ? layout.playingThickness
                : line.emphasized ? layout.emphasizedThickness : layout.lineThickness
            let column = layout.column(forX: line.position)
            // A dark edge either side, then the line itself on exactly its columns.
            canvas.blend(x: column - 1, y: 0, width: thickness + 2, height: end, color: PreviewPalette.outline, opacity: 0.6)
            canvas.fillRectangle(x: column, y: 0, width: thickness, height: end, color: color(of: line, playing: playing))
        }
        for label in PreviewComposer.labels(for: lines, playing: playing, layout: layout) {
            canvas.text(label.line.name, x: label.x, baseline: label.baseline, scale: layout.labelTextScale,
                        color: color(of: label.line, playing: playing), thickness: label.thickness)
        }
    }

    /// The labels that fit under their lines, in the same order of importance as the horizontal ones', each centred
    /// on its line but kept inside the picture; a label that would run into one already placed is left out (near the
    /// rod, where the notes crowd, only the landmarks keep theirs).
    static func uprightLabels(for lines: [NoteLine], playing: Int?, layout: PreviewLayout) -> [Label] {
        var placed: [Label] = []
        for line in labelOrder(lines, playing: playing) {
            let thickness = labelThickness(line, playing: playing, layout: layout)
            let size = Canvas.measure(line.name, scale: layout.labelTextScale, thickness: thickness)
            let column = layout.column(forX: line.position)
            let x = min(max(column - size.width / 2, 2), layout.width - size.width - 2)
            let baseline = layout.height - layout.margin - size.descent
            let columns = x...(x + size.width)
            let spaced = (columns.lowerBound - 4)...(columns.upperBound + 4)
            guard !placed.contains(where: { $0.columns.overlaps(spaced) }) else { continue }
            placed.append(Label(line: line, x: x, baseline: baseline, thickness: thickness,
                                rows: (baseline - size.height)...(baseline + size.descent), columns: columns))
        }
        return placed
    }
}
