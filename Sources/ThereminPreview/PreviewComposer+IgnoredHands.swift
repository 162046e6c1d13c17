import ThereminCore
import ThereminSession

extension PreviewComposer {
    /// A hand the player lock keeps from playing: a dim outline around it and "not playing" under it, so the player
    /// sees it is seen and ignored, not missed.
    func drawIgnored(_ hands: [PlayerLock.IgnoredHand], on canvas: inout Canvas, layout: PreviewLayout) {
        for ignored in hands {
            let hand = ignored.hand
            let points = hand.landmarks.isEmpty ? [NormalizedPoint(x: hand.x, y: hand.y)] : hand.landmarks
            let pad = 0.02
            let left = layout.column(forX: (points.map(\.x).min() ?? hand.x) - pad)
            let right = layout.column(forX: (points.map(\.x).max() ?? hand.x) + pad)
            let top = layout.row(forY: (points.map(\.y).min() ?? hand.y) - pad)
            let bottom = layout.row(forY: (points.map(\.y).max() ?? hand.y) + pad)
            let (width, height, line) = (max(right - left, 1), max(bottom - top, 1), layout.lineThickness + 1)
            for edge in [(left, top, width, line), (left, bottom - line, width, line),
                         (left, top, line, height), (right - line, top, line, height)] {
                canvas.blend(x: edge.0, y: edge.1, width: edge.2, height: edge.3, color: PreviewPalette.ignoredHand,
                             opacity: PreviewPalette.ignoredOpacity)
            }
            canvas.text("not playing", x: left, baseline: bottom + layout.pixels(14), scale: layout.labelTextScale,
                        color: PreviewPalette.dimText)
        }
    }
}
