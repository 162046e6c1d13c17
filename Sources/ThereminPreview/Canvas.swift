import ThereminCore

/// A BGR picture the preview is composed on, with the drawing primitives it needs. Drawing clips to the picture.
///
/// Drawing never throws, so composing a picture reads as a list of steps; the first failure (only a malformed
/// picture or frame can cause one) is kept in `problem` for the caller to report.
public struct Canvas: Sendable {
    /// The picture, packed BGR24, as a `Frame`.
    public var image: Frame
    /// The first drawing failure, if any.
    public private(set) var problem: PreviewError?

    /// A black picture of the given size (at least 1 x 1).
    public init(width: Int, height: Int) {
        let width = max(1, width), height = max(1, height)
        image = Frame(width: width, height: height, bytesPerRow: width * 3,
                      pixels: [UInt8](repeating: 0, count: width * height * 3), captureTime: 0, sequence: 0)
    }

    public var width: Int { image.width }
    public var height: Int { image.height }

    /// The camera frame scaled to the picture and flipped left to right: the player sees themself as in a mirror.
    public mutating func drawMirrored(_ frame: Frame) {
        draw(.mirrored(frame))
    }

    public mutating func fill(_ color: Color) {
        draw(.fill(color))
    }

    /// A straight line; `smooth` anti-aliases it, otherwise every pixel lands exactly where asked.
    public mutating func line(x0: Int, y0: Int, x1: Int, y1: Int, color: Color, thickness: Int = 1, smooth: Bool = false) {
        draw(.line(x0: x0, y0: y0, x1: x1, y1: y1, color: color, thickness: thickness, smooth: smooth))
    }

    /// The outline of a rectangle, `thickness` pixels wide, inside (x, y)–(x + width - 1, y + height - 1).
    public mutating func rectangle(x: Int, y: Int, width: Int, height: Int, color: Color, thickness: Int = 1) {
        draw(.rectangle(x: x, y: y, width: width, height: height, color: color, thickness: max(1, thickness)))
    }

    public mutating func fillRectangle(x: Int, y: Int, width: Int, height: Int, color: Color) {
        draw(.rectangle(x: x, y: y, width: width, height: height, color: color, thickness: -1))
    }

    /// A circle, anti-aliased; `thickness` nil fills it.
    public mutating func circle(centerX: Int, centerY: Int, radius: Int, color: Color, thickness: Int? = nil) {
        draw(.circle(centerX: centerX, centerY: centerY, radius: radius, color: color, thickness: thickness ?? -1))
    }

    /// A translucent panel: `color` blended over the picture with `opacity` in [0,1].
    public mutating func blend(x: Int, y: Int, width: Int, height: Int, color: Color, opacity: Double) {
        draw(.blend(x: x, y: y, width: width, height: height, color: color, opacity: opacity))
    }

    /// ASCII text with its baseline starting at (x, baseline); scale 1 is about 22 pixels tall.
    public mutating func text(_ text: String, x: Int, baseline: Int, scale: Double, color: Color, thickness: Int = 1) {
        draw(.text(text, x: x, baseline: baseline, scale: scale, color: color, thickness: thickness))
    }

    /// The size of `text` as `text(_:x:baseline:scale:color:thickness:)` draws it.
    public static func measure(_ text: String, scale: Double, thickness: Int = 1) -> TextSize {
        PreviewCalls.measure(text, scale: scale, thickness: thickness)
    }

    /// The colour of one pixel (black outside the picture).
    public func pixel(x: Int, y: Int) -> Color {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return .black }
        let offset = y * image.bytesPerRow + x * 3
        guard offset + 2 < image.pixels.count else { return .black }
        return Color(red: image.pixels[offset + 2], green: image.pixels[offset + 1], blue: image.pixels[offset])
    }

    /// Forgets the recorded failure (after the caller reported it).
    public mutating func clearProblem() { problem = nil }

    mutating func draw(_ drawing: PreviewCalls.Drawing) {
        if let failure = PreviewCalls.draw(drawing, on: &image) { record(failure) }
    }

    private mutating func record(_ failure: PreviewError) {
        if problem == nil { problem = failure }
    }
}

/// The size of a line of text: `height` above the baseline, `descent` below it.
public struct TextSize: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var descent: Int
}
