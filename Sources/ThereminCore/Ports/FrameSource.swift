/// Where frames come from: a V4L2 camera, a video file, an image or a folder of images.
///
/// The rest of the program does not care which; it asks for the next frame until there is none.
public protocol FrameSource: AnyObject {
    /// A short name for messages and trace metadata, e.g. `/dev/video0 (HD Webcam)` or a file path.
    var name: String { get }
    /// Frames per second the source delivers (or was recorded at), when known.
    var nominalFrameRate: Double? { get }
    /// Frame size in pixels.
    var frameSize: (width: Int, height: Int) { get }
    /// Frames dropped so far because the consumer was slower than the source or they arrived damaged (live sources
    /// only).
    var droppedFrames: Int { get }
    /// The next frame: for live sources the newest one (older ones are dropped and counted), for files the next in
    /// order. Returns nil at the end of a file. Throws when the device or file fails.
    func nextFrame() throws -> Frame?
    /// Stops streaming and releases the device or file. Safe to call more than once.
    func close()
    /// What the source's own capture thread got when it asked for real-time scheduling (for `-v`); nil when it has
    /// no such thread or did not ask.
    var captureScheduling: ThreadScheduling? { get }
    /// Of the dropped frames, those that arrived damaged (a broken MJPEG frame): none of them a good frame lost.
    var damagedFrames: Int { get }
    /// The frame rates the source can be switched to without a pause (a camera's at its size, fastest first); empty
    /// when it cannot.
    var offeredRates: [Double] { get }
    /// Tracks at `rate` from now on: the camera switched to its rate where it can be without a pause, and only every
    /// `stride`-th frame handed out (the others are not even converted). Returns the rate in force, which is the
    /// stride of the camera's own rate where it could not switch.
    func apply(_ rate: TrackingRate) -> TrackingRate
}

extension FrameSource {
    public var captureScheduling: ThreadScheduling? { nil }
    public var offeredRates: [Double] { [] }
    public var damagedFrames: Int { 0 }
    public func apply(_ rate: TrackingRate) -> TrackingRate { TrackingRate(cameraRate: nominalFrameRate ?? 30) }
}
