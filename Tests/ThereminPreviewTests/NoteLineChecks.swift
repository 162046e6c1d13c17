import ThereminCore
import ThereminTestSupport
@testable import ThereminPreview

/// Checks that a preview picture (composed in process, or grabbed from the screen) shows the note lines exactly
/// where the mapping says and their labels beside them. Returns what is wrong, so a failure names the row.
enum NoteLineChecks {
    /// Columns between the labels and the readout panel, where nothing but the camera picture and the lines are.
    static func columns(for lines: [NoteLine], layout: PreviewLayout) -> [Int] {
        let start = layout.lineStart(labels: lines.map(\.name)) + 4
        let end = layout.width - layout.panelWidth - 3 * layout.margin
        return Array(stride(from: start, to: end, by: max(1, (end - start) / 12)))
    }

    /// The camera picture's colour where no line is: the commonest colour down the first checked column.
    static func background(of picture: RGBPicture, column: Int) -> RGBPicture.Pixel {
        var counts: [Int: (pixel: RGBPicture.Pixel, count: Int)] = [:]
        for y in 0..<picture.height {
            let pixel = picture.pixel(column, y)
            let key = pixel.red << 16 | pixel.green << 8 | pixel.blue
            counts[key, default: (pixel, 0)].count += 1
        }
        return counts.values.max { $0.count < $1.count }?.pixel ?? RGBPicture.Pixel(red: 0, green: 0, blue: 0)
    }

    /// - Parameter covered: rows a panel hides across the lines' columns (the warnings' panel): lines and labels
    ///   there are not judged, and every other line must still be on its row.
    static func problems(in picture: RGBPicture, lines: [NoteLine], layout: PreviewLayout,
                         playing: Int? = nil, covered: Range<Int> = 0..<0) -> [String] {
        let composer = PreviewComposer()
        let columns = columns(for: lines, layout: layout)
        guard let first = columns.first, !lines.isEmpty else { return ["no lines or no columns to check"] }
        let background = background(of: picture, column: first)
        let colors = lines.map { pixel(composer.color(of: $0, playing: playing)) }
        let expected = zip(lines, colors).map { (row: layout.row(forY: $0.position), color: $1, name: $0.name) }
            .sorted { $0.row < $1.row }
            .filter { !covered.contains($0.row) }
        var problems: [String] = []

        for x in columns {
            // Down the column, every run of line-coloured rows must be one note line, starting on its row.
            var runs: [(start: Int, color: RGBPicture.Pixel)] = []
            var previousMatched = false
            for y in 0..<picture.height {
                let here = picture.pixel(x, y)
                let matched = !covered.contains(y) && colors.contains { $0.distance(to: here) <= 24 }
                if matched && !previousMatched { runs.append((y, here)) }
                previousMatched = matched
            }
            if runs.map(\.start) != expected.map(\.row) {
                problems.append("column \(x): lines start on rows \(runs.map(\.start)), the mapping says "
                                + "\(expected.map(\.row)) (\(expected.map(\.name)))")
                continue
            }
            for (run, line) in zip(runs, expected) where run.color.distance(to: line.color) > 24 {
                problems.append("column \(x): \(line.name) on row \(line.row) is \(run.color), expected \(line.color)")
            }
            // Halfway between two lines the camera picture shows through untouched.
            for (upper, lower) in zip(expected, expected.dropFirst()) where lower.row - upper.row >= 8 {
                let middle = (upper.row + lower.row) / 2
                if covered.contains(middle) { continue }
                let here = picture.pixel(x, middle)
                if here.distance(to: background) > 8 {
                    problems.append("column \(x) row \(middle) between \(upper.name) and \(lower.name) is \(here), "
                                    + "not the picture's \(background)")
                }
            }
        }

        // Each label that fits is drawn left of its line, in its line's colour.
        for label in PreviewComposer.labels(for: lines, playing: playing, layout: layout)
        where !label.rows.contains(where: covered.contains) {
            let color = pixel(composer.color(of: label.line, playing: playing))
            var count = 0
            for y in label.rows {
                for x in label.columns where picture.pixel(x, y).distance(to: color) <= 40 { count += 1 }
            }
            if count < 6 {
                problems.append("label \(label.line.name) at rows \(label.rows): only \(count) pixels of its colour")
            }
        }
        return problems
    }

    /// The rows the warnings' panel showing `warning` covers, widened by a line's thickness, when `picture` shows
    /// that panel (its colour over the picture along its bottom padding); empty otherwise.
    static func rowsCovered(byWarning warning: String, in picture: RGBPicture, lines: [NoteLine],
                            layout: PreviewLayout) -> Range<Int> {
        guard let box = PreviewComposer.warningBox([warning], layout: layout),
              let first = columns(for: lines, layout: layout).first else { return 0..<0 }
        let under = background(of: picture, column: first)
        let panel = pixel(PreviewPalette.muted)
        let opacity = PreviewComposer.warningOpacity
        func mix(_ a: Int, _ b: Int) -> Int { Int((Double(a) * opacity + Double(b) * (1 - opacity)).rounded()) }
        let expected = RGBPicture.Pixel(red: mix(panel.red, under.red), green: mix(panel.green, under.green),
                                        blue: mix(panel.blue, under.blue))
        let row = box.y + box.height - 2
        let checked = columns(for: lines, layout: layout)
        let shown = checked.filter { picture.pixel($0, row).distance(to: expected) <= 30 }.count
        guard shown * 2 > checked.count else { return 0..<0 }
        let edge = layout.playingThickness + 2
        return (box.y - edge)..<(box.y + box.height + edge)
    }

    static func pixel(_ color: Color) -> RGBPicture.Pixel {
        RGBPicture.Pixel(red: Int(color.red), green: Int(color.green), blue: Int(color.blue))
    }
}
