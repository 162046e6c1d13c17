/// The preview window on the screen: shows composed pictures and reports the keys the player presses.
///
/// Every use must come from the main thread (the GUI toolkit's rule); the live session draws from there.
public final class PreviewWindow {
    private var handle: OpaquePointer?

    /// Opens a window titled `title` and places it at the screen's top-left corner.
    /// - Throws: `PreviewError` of kind `.noDisplay` when there is no display to open it on (checked before the GUI
    ///   toolkit is touched), `.window` when the toolkit fails.
    public init(title: String) throws(PreviewError) {
        handle = try PreviewCalls.openWindow(title: title)
    }

    deinit { close() }

    /// Shows `canvas` (the window takes its size).
    public func show(_ canvas: Canvas) throws(PreviewError) {
        guard let handle else { throw PreviewError(kind: .window, problem: "the preview window is closed") }
        try PreviewCalls.show(canvas.image, in: handle)
    }

    /// Lets the window handle its events (about `waitMilliseconds`) and returns the keys pressed, as OpenCV's
    /// waitKey codes (ASCII for letters, 27 for Esc), and whether the player closed the window.
    public func pollKeys(waitMilliseconds: Int = 1) -> (keys: [Int32], closed: Bool) {
        guard let handle else { return ([], true) }
        var keys: [Int32] = []
        var closed = false
        var wait = Int32(clamping: waitMilliseconds)
        // Several keys may be queued: read until none is left (each extra call waits 1 ms).
        while keys.count < 16 {
            let (key, windowClosed) = PreviewCalls.pollKey(handle, waitMilliseconds: wait)
            closed = windowClosed
            wait = 1
            if key < 0 || closed { break }
            keys.append(key)
        }
        return (keys, closed)
    }

    /// Takes the window off the screen. Safe to call more than once.
    public func close() {
        PreviewCalls.closeWindow(handle)
        handle = nil
    }
}
