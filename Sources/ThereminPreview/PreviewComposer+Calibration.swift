import Foundation
import ThereminCore

/// The guided calibration on the preview: the step and what to do, a countdown or a progress bar, retry and result
/// messages (the same words as the terminal's), and the positions already read, drawn where they are. It takes the
/// place of the readout and key help, which say nothing while calibrating.
extension PreviewComposer {
    func drawCalibration(_ status: GuidedCalibration.Status, on canvas: inout Canvas, layout: PreviewLayout) {
        let pad = layout.pixels(10)
        let left = layout.margin, width = layout.width - 2 * layout.margin
        let inner = width - 2 * pad
        let body = layout.bodyTextScale
        let bold = layout.boldThickness
        var rows: [(text: String, color: Color, scale: Double, thickness: Int)] = []
        var progress: Double?
        let step = "Calibration: step \(status.target.rawValue + 1) of 4"
        switch status.phase {
        case .countdown(let remaining):
            rows.append((step, PreviewPalette.title, body, layout.textThickness))
            rows += wrapped(status.instruction, color: PreviewPalette.text, scale: body, thickness: bold,
                            width: inner)
            rows.append((String(format: "get ready... %.0f", remaining.rounded(.up)), PreviewPalette.title,
                         layout.noteTextScale * 0.8, bold))
        case .measuring(let fraction):
            rows.append((step, PreviewPalette.title, body, layout.textThickness))
            rows += wrapped(status.instruction, color: PreviewPalette.text, scale: body, thickness: bold,
                            width: inner)
            rows.append(("hold still", PreviewPalette.inTune, body, bold))
            progress = fraction
        case .retry(let reason):
            rows.append((step, PreviewPalette.title, body, layout.textThickness))
            rows += wrapped(reason, color: PreviewPalette.warning, scale: body, thickness: bold, width: inner)
        case .done(let box):
            rows += wrapped("Calibrated: " + box.described(antenna: status.antenna), color: PreviewPalette.inTune, scale: body,
                            thickness: bold, width: inner)
        case .failed(let reason):
            rows += wrapped("Calibration failed: " + reason, color: PreviewPalette.failure, scale: body,
                            thickness: bold, width: inner)
        }
        let heights = rows.map { row -> Int in
            let size = Canvas.measure(row.text, scale: row.scale, thickness: row.thickness)
            return size.height + size.descent + layout.pixels(6)
        }
        let barHeight = layout.pixels(12)
        var height = pad + heights.reduce(0, +) + pad
        if progress != nil { height += barHeight + pad }
        // Away from where the hand is asked to go: at the top while it is asked for the lowest position.
        let lowest: GuidedCalibration.Target = status.antenna == nil ? .lowestPitch : .quietest
        let top = status.target == lowest ? layout.margin : layout.height - layout.margin - height
        panel(x: left, y: top, width: width, height: height, on: &canvas)
        var y = top + pad
        for (row, rowHeight) in zip(rows, heights) {
            let size = Canvas.measure(row.text, scale: row.scale, thickness: row.thickness)
            canvas.text(row.text, x: left + pad, baseline: y + size.height, scale: row.scale, color: row.color,
                        thickness: row.thickness)
            y += rowHeight
        }
        if let progress {
            canvas.rectangle(x: left + pad, y: y, width: inner, height: barHeight, color: PreviewPalette.dimText)
            let filled = Int((Double(inner - 2) * min(max(progress, 0), 1)).rounded())
            canvas.fillRectangle(x: left + pad + 1, y: y + 1, width: filled, height: barHeight - 2,
                                 color: PreviewPalette.inTune)
        }
        if case .done(let box) = status.phase { drawPlayingBox(box, antenna: status.antenna, on: &canvas, layout: layout) }
    }

    /// The positions read so far: a horizontal line for those read by height (the highest and lowest pitch, or the
    /// loudest and quietest under the antenna law), a vertical one for those read sideways.
    func drawReadings(_ status: GuidedCalibration.Status, on canvas: inout Canvas, layout: PreviewLayout) {
        let names: [GuidedCalibration.Target: String] = [.highestPitch: "highest", .lowestPitch: "lowest",
                                                          .loudest: "loudest", .quietest: "quietest"]
        for (key, value) in status.readings.sorted(by: { $0.key < $1.key }) {
            guard let target = GuidedCalibration.Target(rawValue: key) else { continue }
            let name = names[target] ?? ""
            let thickness = layout.pixels(2)
            if target.readsHeight(antenna: status.antenna) {
                let row = layout.row(forY: value)
                canvas.fillRectangle(x: 0, y: row, width: layout.width, height: thickness, color: PreviewPalette.box)
                patchedText(name, x: layout.margin, baseline: max(row - layout.margin, layout.pixels(14)),
                             scale: layout.smallTextScale, color: PreviewPalette.box, thickness: 1, on: &canvas)
            } else {
                let column = layout.column(forX: value)
                canvas.fillRectangle(x: column, y: 0, width: thickness, height: layout.height, color: PreviewPalette.box)
                patchedText(name, x: column + layout.margin, baseline: layout.height / 3,
                             scale: layout.smallTextScale, color: PreviewPalette.box, thickness: 1, on: &canvas)
            }
        }
    }

    private func wrapped(_ text: String, color: Color, scale: Double, thickness: Int,
                         width: Int) -> [(text: String, color: Color, scale: Double, thickness: Int)] {
        PreviewComposer.wrap(text, width: width, scale: scale, thickness: thickness).map { ($0, color, scale, thickness) }
    }
}
