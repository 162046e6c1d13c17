/// One camera or video frame (packed BGR24, or a camera's YUYV as it came), stamped with its capture time.
///
/// Frames are values: a source copies out of its driver buffers before handing a frame on, so the driver buffer can
/// be re-queued at once and a slow consumer never holds the camera back.
public struct Frame: Sendable {
    public var width: Int
    public var height: Int
    /// Bytes per row; at least `width * 3` (BGR24) or `width * 2` (YUYV).
    public var bytesPerRow: Int
    /// The pixels, `bytesPerRow * height` bytes in `layout`, in the camera's (unmirrored) orientation.
    public var pixels: [UInt8]
    /// How `pixels` hold the picture.
    public var layout: PixelLayout = .bgr24
    /// Capture time in seconds on the monotonic clock (live) or the file's presentation time (files).
    public var captureTime: Double
    /// Frame number from the source, increasing; gaps mean frames were dropped.
    public var sequence: UInt64
    /// Seconds the source spent making the frame from the driver's buffer (decoding, converting): with the tracking,
    /// what a frame costs the machine (`RatePolicy`).
    public var preparation: Double = 0

    public init(width: Int, height: Int, bytesPerRow: Int, pixels: [UInt8], captureTime: Double, sequence: UInt64) {
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.pixels = pixels
        self.captureTime = captureTime
        self.sequence = sequence
    }
}
