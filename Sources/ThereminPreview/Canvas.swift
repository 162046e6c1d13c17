import CVisionLoader
import ThereminCore

/// A BGR picture the preview is composed on, with the drawing primitives it needs. Drawing clips to the picture.
///
/// Drawing never throws, so composing a picture reads as a list of steps; the first failure (only a malformed
/// picture or frame can cause one) is kept in `problem` for the caller to report.
public struct Canvas: Sendable {
    /// The picture, packed BGR24. A `Frame`, so overlays written for frames (the tracker's hand overlay) draw on it.
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
        guard frame.pixels.count >= frame.bytesPerRow * frame.height else {
            record(PreviewError(kind: .drawing, problem: "frame \(frame.sequence) is smaller than its size says"))
            return
        }
        let (width, height, stride) = (frame.width, frame.height, frame.bytesPerRow)
        var failure: PreviewError?
        frame.pixels.withUnsafeBufferPointer { source in
            withImage { api, image in
                failure = PreviewCalls.failure { api.pv_mirror_scaled(source.baseAddress, Int32(clamping: width),
                                                                  Int32(clamping: height), stride, image, $0, $1) }
                return PV_OK
            }
        }
        if let failure { record(failure) }
    }

    public mutating func fill(_ color: Color) {
        withImage { $0.pv_fill($1, PreviewCalls.color(color)) }
    }

    /// A straight line; `smooth` anti-aliases it, otherwise every pixel lands exactly where asked.
    public mutating func line(x0: Int, y0: Int, x1: Int, y1: Int, color: Color, thickness: Int = 1, smooth: Bool = false) {
        withImage {
            $0.pv_draw_line($1, Int32(clamping: x0), Int32(clamping: y0), Int32(clamping: x1), Int32(clamping: y1),
                         PreviewCalls.color(color), Int32(clamping: thickness), smooth ? 1 : 0)
        }
    }

    /// The outline of a rectangle, `thickness` pixels wide, inside (x, y)–(x + width - 1, y + height - 1).
    public mutating func rectangle(x: Int, y: Int, width: Int, height: Int, color: Color, thickness: Int = 1) {
        withImage {
            $0.pv_draw_rect($1, Int32(clamping: x), Int32(clamping: y), Int32(clamping: width), Int32(clamping: height),
                         PreviewCalls.color(color), Int32(clamping: max(1, thickness)))
        }
    }

    public mutating func fillRectangle(x: Int, y: Int, width: Int, height: Int, color: Color) {
        withImage {
            $0.pv_draw_rect($1, Int32(clamping: x), Int32(clamping: y), Int32(clamping: width), Int32(clamping: height),
                         PreviewCalls.color(color), -1)
        }
    }

    /// A circle, anti-aliased; `thickness` nil fills it.
    public mutating func circle(centerX: Int, centerY: Int, radius: Int, color: Color, thickness: Int? = nil) {
        withImage {
            $0.pv_draw_circle($1, Int32(clamping: centerX), Int32(clamping: centerY), Int32(clamping: radius),
                           PreviewCalls.color(color), Int32(clamping: thickness ?? -1))
        }
    }

    /// A translucent panel: `color` blended over the picture with `opacity` in [0,1].
    public mutating func blend(x: Int, y: Int, width: Int, height: Int, color: Color, opacity: Double) {
        withImage {
            $0.pv_blend_rect($1, Int32(clamping: x), Int32(clamping: y), Int32(clamping: width), Int32(clamping: height),
                          PreviewCalls.color(color), opacity)
        }
    }

    /// ASCII text with its baseline starting at (x, baseline); scale 1 is about 22 pixels tall.
    public mutating func text(_ text: String, x: Int, baseline: Int, scale: Double, color: Color, thickness: Int = 1) {
        withImage { api, image in
            text.withCString {
                api.pv_draw_text(image, $0, Int32(clamping: x), Int32(clamping: baseline), scale, PreviewCalls.color(color),
                             Int32(clamping: thickness))
            }
        }
    }

    /// The size of `text` as `text(_:x:baseline:scale:color:thickness:)` draws it.
    public static func measure(_ text: String, scale: Double, thickness: Int = 1) -> TextSize {
        guard let api = try? PreviewCalls.api() else { return TextSize(width: 0, height: 0, descent: 0) }
        let size = text.withCString { api.pv_measure_text($0, scale, Int32(clamping: thickness)) }
        return TextSize(width: Int(size.width), height: Int(size.height), descent: Int(size.descent))
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

    private mutating func withImage(_ body: (pv_api, pv_image) -> pv_status) {
        let api: pv_api
        do {
            api = try PreviewCalls.api()
        } catch {
            record(error)
            return
        }
        let (width, height, stride) = (image.width, image.height, image.bytesPerRow)
        guard width > 0, height > 0, stride >= width * 3, image.pixels.count >= stride * height else {
            record(PreviewError(kind: .drawing, problem: "the preview picture is malformed (\(width)x\(height))"))
            return
        }
        let status = image.pixels.withUnsafeMutableBufferPointer { pixels in
            body(api, pv_image(pixels: pixels.baseAddress, width: Int32(width), height: Int32(height), stride: stride))
        }
        if status != PV_OK { record(PreviewCalls.error(status: status, message: "")) }
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
