import CVisionLoader
import ThereminCore
import VisionCalls

/// Every call into the CPreview C API goes through here: the function table, error buffers, status conversion, the
/// drawing primitives, the window and the display check. `Canvas`, `PreviewWindow` and `DisplayEnvironment` hold
/// the logic and never name a `pv_` function.
enum PreviewCalls {

    /// The preview shim's C functions, from libtheremin-vision.so (loaded on first use, see CVisionLoader.h).
    /// - Throws: `PreviewError` (`.window`) when the library cannot be loaded.
    static func api() throws(PreviewError) -> pv_api {
        guard let table = theremin_vision_preview() else {
            throw PreviewError(kind: .window,
                               problem: VisionLibrary.failure + ": " + VisionLibrary.remedy)
        }
        return table.pointee
    }

    /// Runs a C call that takes an error buffer; turns a failing status into a PreviewError.
    static func call(_ body: (UnsafeMutablePointer<CChar>, Int) -> pv_status) throws(PreviewError) {
        try ShimCall.check(body, error: error)
    }

    /// Runs a C call that takes an error buffer and returns its failure, or nil (for use inside closures).
    static func failure(of body: (UnsafeMutablePointer<CChar>, Int) -> pv_status) -> PreviewError? {
        do {
            try call(body)
            return nil
        } catch {
            return error
        }
    }

    /// The preview's statuses as `PreviewError` kinds.
    static func error(_ failure: ShimFailure<pv_status>) -> PreviewError {
        let problem = failure.problem
        switch failure.status {
        case PV_ERROR_NO_DISPLAY: return PreviewError(kind: .noDisplay, problem: problem)
        case PV_ERROR_WINDOW: return PreviewError(kind: .window, problem: problem)
        case PV_ERROR_OUT_OF_MEMORY: return PreviewError(kind: .outOfMemory, problem: problem)
        default: return PreviewError(kind: .drawing, problem: problem)
        }
    }

    static func color(_ color: Color) -> pv_color {
        pv_color(blue: color.blue, green: color.green, red: color.red)
    }

    // MARK: Drawing

    /// One drawing primitive, in the canvas's terms.
    enum Drawing {
        case fill(Color)
        case line(x0: Int, y0: Int, x1: Int, y1: Int, color: Color, thickness: Int, smooth: Bool)
        /// `thickness` -1 fills.
        case rectangle(x: Int, y: Int, width: Int, height: Int, color: Color, thickness: Int)
        /// `thickness` -1 fills.
        case circle(centerX: Int, centerY: Int, radius: Int, color: Color, thickness: Int)
        case blend(x: Int, y: Int, width: Int, height: Int, color: Color, opacity: Double)
        case text(String, x: Int, baseline: Int, scale: Double, color: Color, thickness: Int)
        /// A frame scaled to the picture and flipped left to right.
        case mirrored(Frame)
        /// A tracked hand (`Canvas.hand`), its coordinates flipped left to right when `flipped`.
        case hand(HandSample, flipped: Bool)
    }

    /// Draws one primitive on a packed BGR picture; the failure, or nil.
    static func draw(_ drawing: Drawing, on image: inout Frame) -> PreviewError? {
        withImage(&image) { api, picture in
            switch drawing {
            case .fill(let color):
                return status(api.pv_fill(picture, self.color(color)))
            case let .line(x0, y0, x1, y1, color, thickness, smooth):
                return status(api.pv_draw_line(picture, Int32(clamping: x0), Int32(clamping: y0), Int32(clamping: x1),
                                               Int32(clamping: y1), self.color(color), Int32(clamping: thickness),
                                               smooth ? 1 : 0))
            case let .rectangle(x, y, width, height, color, thickness):
                return status(api.pv_draw_rect(picture, Int32(clamping: x), Int32(clamping: y), Int32(clamping: width),
                                               Int32(clamping: height), self.color(color), Int32(clamping: thickness)))
            case let .circle(centerX, centerY, radius, color, thickness):
                return status(api.pv_draw_circle(picture, Int32(clamping: centerX), Int32(clamping: centerY),
                                                 Int32(clamping: radius), self.color(color), Int32(clamping: thickness)))
            case let .blend(x, y, width, height, color, opacity):
                return status(api.pv_blend_rect(picture, Int32(clamping: x), Int32(clamping: y), Int32(clamping: width),
                                                Int32(clamping: height), self.color(color), opacity))
            case let .text(text, x, baseline, scale, color, thickness):
                return status(text.withCString {
                    api.pv_draw_text(picture, $0, Int32(clamping: x), Int32(clamping: baseline), scale, self.color(color),
                                     Int32(clamping: thickness))
                })
            case .mirrored(let frame):
                guard frame.pixels.count >= frame.bytesPerRow * frame.height else {
                    return PreviewError(kind: .drawing, problem: "frame \(frame.sequence) is smaller than its size says")
                }
                let (width, height) = (Int32(clamping: frame.width), Int32(clamping: frame.height))
                return frame.pixels.withUnsafeBufferPointer { source in
                    switch frame.layout {
                    case .bgr24:
                        failure(of: { api.pv_mirror_scaled(source.baseAddress, width, height, frame.bytesPerRow, picture,
                                                           $0, $1) })
                    case .yuyv(let encoding):
                        failure(of: { api.pv_mirror_scaled_yuyv(source.baseAddress, width, height, frame.bytesPerRow,
                                                                encoding.bt709 ? 1 : 0, encoding.fullRange ? 1 : 0,
                                                                picture, $0, $1) })
                    }
                }
            case let .hand(hand, flipped):
                return status(drawHand(hand, flipped: flipped, api: api, on: picture))
            }
        }
    }

    /// A hand through `pv_draw_hand`: its landmarks when it has all of them, the region, the fingertip.
    private static func drawHand(_ hand: HandSample, flipped: Bool, api: pv_api, on picture: pv_image) -> pv_status {
        let count = Int(PV_HAND_LANDMARKS)
        let landmarks = hand.landmarks.count >= count
            ? hand.landmarks.prefix(count).map { pv_point(x: Float($0.x), y: Float($0.y)) } : []
        let fingertip = pv_point(x: Float(hand.x), y: Float(hand.y))
        let region = hand.region.map {
            pv_rotated_rect(x_center: Float($0.centerX), y_center: Float($0.centerY), width: Float($0.width),
                            height: Float($0.height), rotation: Float($0.rotation))
        }
        return landmarks.withUnsafeBufferPointer { points in
            withOptionalPointer(to: region) {
                api.pv_draw_hand(picture, points.baseAddress, Int32(points.count), fingertip, $0, flipped ? 1 : 0)
            }
        }
    }

    private static func withOptionalPointer<Value, Result>(to value: Value?,
                                                          _ body: (UnsafePointer<Value>?) -> Result) -> Result {
        guard let value else { return body(nil) }
        return withUnsafePointer(to: value) { body($0) }
    }

    /// The size of a line of text as `Drawing.text` draws it (zero without the library).
    static func measure(_ text: String, scale: Double, thickness: Int) -> TextSize {
        guard let api = try? api() else { return TextSize(width: 0, height: 0, descent: 0) }
        let size = text.withCString { api.pv_measure_text($0, scale, Int32(clamping: thickness)) }
        return TextSize(width: Int(size.width), height: Int(size.height), descent: Int(size.descent))
    }

    /// A picture as the bytes of a PNG file.
    static func encodePNG(_ image: Frame) throws(PreviewError) -> [UInt8] {
        var copy = image
        var output = [UInt8](repeating: 0, count: image.width * image.height * 3 + 65_536)
        var written = 0
        let encodingFailure = withImage(&copy) { api, picture in
            output.withUnsafeMutableBufferPointer { buffer in
                failure(of: { api.pv_encode_png(picture, buffer.baseAddress, buffer.count, &written, $0, $1) })
            }
        }
        if let encodingFailure { throw encodingFailure }
        return Array(output.prefix(written))
    }

    /// Runs `body` with the library and a C view of the picture, after checking the picture is whole.
    private static func withImage(_ image: inout Frame,
                                  _ body: (pv_api, pv_image) -> PreviewError?) -> PreviewError? {
        let api: pv_api
        do {
            api = try self.api()
        } catch {
            return error
        }
        let (width, height, stride) = (image.width, image.height, image.bytesPerRow)
        guard width > 0, height > 0, stride >= width * 3, image.pixels.count >= stride * height else {
            return PreviewError(kind: .drawing, problem: "the preview picture is malformed (\(width)x\(height))")
        }
        return image.pixels.withUnsafeMutableBufferPointer { pixels in
            body(api, pv_image(pixels: pixels.baseAddress, width: Int32(width), height: Int32(height), stride: stride))
        }
    }

    private static func status(_ status: pv_status) -> PreviewError? {
        status == .ok ? nil : error(ShimFailure(status: status))
    }

    // MARK: Window

    /// Opens a window titled `title` at the screen's top-left corner.
    static func openWindow(title: String) throws(PreviewError) -> OpaquePointer? {
        let api = try api()
        var opened: OpaquePointer?
        try call { error, size in
            title.withCString { api.pv_window_open($0, &opened, error, size) }
        }
        try call { api.pv_window_move(opened, 0, 0, $0, $1) }
        return opened
    }

    /// Shows a picture in the window (which takes its size).
    static func show(_ image: Frame, in window: OpaquePointer) throws(PreviewError) {
        let api = try api()
        guard image.pixels.count >= image.bytesPerRow * image.height else {
            throw PreviewError(kind: .drawing, problem: "the preview picture is malformed")
        }
        var failure: PreviewError?
        image.pixels.withUnsafeBufferPointer { pixels in
            // pv_window_show only reads the picture.
            let picture = pv_image(pixels: UnsafeMutablePointer(mutating: pixels.baseAddress),
                                   width: Int32(clamping: image.width), height: Int32(clamping: image.height),
                                   stride: image.bytesPerRow)
            failure = self.failure(of: { api.pv_window_show(window, picture, $0, $1) })
        }
        if let failure { throw failure }
    }

    /// The next key pressed within `wait` milliseconds (negative: none), and whether the window was closed.
    static func pollKey(_ window: OpaquePointer, waitMilliseconds wait: Int32) -> (key: Int32, closed: Bool) {
        guard let api = try? api() else { return (-1, true) }
        var closed: Int32 = 0
        let key = api.pv_window_poll_key(window, wait, &closed)
        return (key, closed != 0)
    }

    static func closeWindow(_ window: OpaquePointer?) {
        (try? api())?.pv_window_close(window)
    }

    // MARK: Display

    /// Checks, without touching the GUI toolkit, that a window can be opened in this environment.
    static func checkDisplay(display: String?, waylandDisplay: String?, qtPlatform: String?) throws(PreviewError) {
        let api = try api()
        try call { error, size in
            withOptionalCString(display) { display in
                withOptionalCString(waylandDisplay) { wayland in
                    withOptionalCString(qtPlatform) { platform in
                        api.pv_display_check(pv_environment(display: display, wayland_display: wayland, qt_platform: platform),
                                             error, size)
                    }
                }
            }
        }
    }

    private static func withOptionalCString<Result>(_ value: String?,
                                                    _ body: (UnsafePointer<CChar>?) -> Result) -> Result {
        guard let value else { return body(nil) }
        return value.withCString { body($0) }
    }
}
