import CVisionLoader

/// The preview window on the screen: shows composed pictures and reports the keys the player presses.
///
/// Every use must come from the main thread (the GUI toolkit's rule); the live session draws from there.
public final class PreviewWindow {
    private var handle: OpaquePointer?
    private let api: pv_api

    /// Opens a window titled `title` and places it at the screen's top-left corner.
    /// - Throws: `PreviewError` of kind `.noDisplay` when there is no display to open it on (checked before the GUI
    ///   toolkit is touched), `.window` when the toolkit fails.
    public init(title: String) throws(PreviewError) {
        let api = try PreviewCalls.api()
        self.api = api
        var opened: OpaquePointer?
        try PreviewCalls.call { error, size in
            title.withCString { api.pv_window_open($0, &opened, error, size) }
        }
        handle = opened
        try PreviewCalls.call { api.pv_window_move(opened, 0, 0, $0, $1) }
    }

    deinit { close() }

    /// Shows `canvas` (the window takes its size).
    public func show(_ canvas: Canvas) throws(PreviewError) {
        guard let handle else { throw PreviewError(kind: .window, problem: "the preview window is closed") }
        let image = canvas.image
        guard image.pixels.count >= image.bytesPerRow * image.height else {
            throw PreviewError(kind: .drawing, problem: "the preview picture is malformed")
        }
        var failure: PreviewError?
        image.pixels.withUnsafeBufferPointer { pixels in
            // pv_window_show only reads the picture.
            let picture = pv_image(pixels: UnsafeMutablePointer(mutating: pixels.baseAddress),
                                   width: Int32(clamping: image.width), height: Int32(clamping: image.height),
                                   stride: image.bytesPerRow)
            failure = PreviewCalls.failure { api.pv_window_show(handle, picture, $0, $1) }
        }
        if let failure { throw failure }
    }

    /// Lets the window handle its events (about `waitMilliseconds`) and returns the keys pressed, as OpenCV's
    /// waitKey codes (ASCII for letters, 27 for Esc), and whether the player closed the window.
    public func pollKeys(waitMilliseconds: Int = 1) -> (keys: [Int32], closed: Bool) {
        guard let handle else { return ([], true) }
        var keys: [Int32] = []
        var closed: Int32 = 0
        var wait = Int32(clamping: waitMilliseconds)
        // Several keys may be queued: read until none is left (each extra call waits 1 ms).
        while keys.count < 16 {
            let key = api.pv_window_poll_key(handle, wait, &closed)
            wait = 1
            if key < 0 || closed != 0 { break }
            keys.append(key)
        }
        return (keys, closed != 0)
    }

    /// Takes the window off the screen. Safe to call more than once.
    public func close() {
        api.pv_window_close(handle)
        handle = nil
    }
}
