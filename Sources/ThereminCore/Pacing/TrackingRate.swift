/// How often frames are tracked: the camera's rate, and which of its frames (every `stride`-th, on an even grid).
public struct TrackingRate: Sendable, Equatable, CustomStringConvertible {
    /// Frames per second the camera sends.
    public var cameraRate: Double
    /// Every `stride`-th frame is tracked; the others are not even converted.
    public var stride: Int

    public init(cameraRate: Double, stride: Int = 1) {
        self.cameraRate = cameraRate
        self.stride = max(1, stride)
    }

    /// Frames tracked a second.
    public var trackedRate: Double { cameraRate / Double(stride) }
    /// Seconds between tracked frames.
    public var interval: Double { 1 / trackedRate }

    /// "60 fps", "every second frame of 60 fps (30 fps)".
    public var description: String {
        let camera = "\(Self.format(cameraRate)) fps"
        guard stride > 1 else { return camera }
        let which = stride == 2 ? "second" : stride == 3 ? "third" : "\(stride)th"
        return "every \(which) frame of \(camera) (\(Self.format(trackedRate)) fps)"
    }

    static func format(_ rate: Double) -> String {
        rate == rate.rounded() ? String(Int(rate)) : String(format: "%.1f", rate)
    }
}
