/// The camera mode chosen for play, and why: what `theremin -v` says and `--list-devices` shows.
///
/// Without `--size`/`--fps` the chooser takes the highest frame rate (above 60 fps counts as 60) among sizes of at
/// least 640x360 (smaller ones only when nothing reaches it); then the frames nearest 640x480 as the tracker gets
/// them (MJPEG wider than 640 px is decoded at a reduced scale); then the cheapest to decode (`FrameDecoding`).
/// `--size` and `--fps` restrict the modes it chooses from.
public struct ModeChoice: Sendable, Equatable, Encodable {
    /// The camera's own format to ask for; nil leaves the format to libv4l2 (a driver that lists no sizes, or
    /// formats only libv4l2 converts).
    public var fourcc: FourCC?
    /// The camera's frame size.
    public var size: PixelSize
    /// The frame interval to ask for; nil leaves the driver's rate alone (it lists none and none was asked for).
    public var interval: FrameInterval?
    /// Why, in words: "the highest frame rate at a size the tracker uses (next best: YUYV 1280x720 at 10 fps)".
    public var reason: String

    public init(fourcc: FourCC?, size: PixelSize, interval: FrameInterval?, reason: String) {
        self.fourcc = fourcc
        self.size = size
        self.interval = interval
        self.reason = reason
    }

    /// `MJPG 1280x720 at 60 fps`.
    public var summary: String {
        let rate = interval.map { " at \($0) fps" } ?? ""
        return "\(fourcc.map { "\($0) " } ?? "")\(size)\(rate)"
    }

    enum CodingKeys: String, CodingKey {
        case format, width, height, framesPerSecond, reason
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(fourcc, forKey: .format)
        try container.encode(size.width, forKey: .width)
        try container.encode(size.height, forKey: .height)
        try container.encodeIfPresent(interval, forKey: .framesPerSecond)
        try container.encode(reason, forKey: .reason)
    }
}
