/// What a camera is and offers, as `theremin --list-devices` shows it.
public struct CameraDescription: Sendable, Equatable, Encodable {
    /// The device node, e.g. `/dev/video0`.
    public var path: String
    /// The camera's name from its driver, e.g. `HD Pro Webcam C920`.
    public var card: String
    /// The kernel driver, e.g. `uvcvideo`.
    public var driver: String
    /// Where it is attached, e.g. `usb-0000:00:14.0-1`.
    public var busInfo: String
    /// The formats the camera itself delivers (not libv4l2's emulated ones), in the driver's order.
    public var formats: [CameraFormat]
    /// The mode theremin plays from without `--size`/`--fps` (nil when the camera offers no format at all).
    public var playMode: ModeChoice?
    /// The controls theremin touches while playing, with their current values.
    public var controls: [CameraControlValue]

    public init(path: String, card: String, driver: String, busInfo: String, formats: [CameraFormat],
                controls: [CameraControlValue] = []) {
        self.path = path
        self.card = card
        self.driver = driver
        self.busInfo = busInfo
        self.formats = formats
        self.controls = controls
        playMode = try? ModeSelection.choose(from: formats, size: nil, framesPerSecond: nil, device: path)
    }

    /// Every size offered in any format, smallest first.
    public var sizes: [PixelSize] {
        Array(Set(formats.flatMap { $0.sizes.map(\.size) })).sorted()
    }
}

/// One pixel format of a camera and the sizes and rates it comes in.
public struct CameraFormat: Sendable, Equatable, Encodable {
    public var fourcc: FourCC
    /// The driver's name for it, e.g. `YUYV 4:2:2`, `Motion-JPEG`.
    public var description: String
    /// True for compressed formats (MJPEG, H.264).
    public var compressed: Bool
    /// Discrete sizes with their rates; for a stepwise range, its smallest and largest size.
    public var sizes: [CameraFrameSize]
    /// Set when the driver offers a continuous or stepwise range of sizes instead of a list.
    public var sizeRange: SizeRange?

    public init(fourcc: FourCC, description: String, compressed: Bool, sizes: [CameraFrameSize],
                sizeRange: SizeRange? = nil) {
        self.fourcc = fourcc
        self.description = description
        self.compressed = compressed
        self.sizes = sizes
        self.sizeRange = sizeRange
    }

    /// True when this format comes in `size` (listed, or inside the range on its step).
    public func offers(_ size: PixelSize) -> Bool {
        sizes.contains { $0.size == size } || (sizeRange?.contains(size) ?? false)
    }
}

/// One frame size and the rates offered at it.
public struct CameraFrameSize: Sendable, Equatable, Encodable {
    public var width: Int
    public var height: Int
    /// Discrete frame intervals, fastest first; for a stepwise range, its fastest and slowest.
    public var intervals: [FrameInterval]
    /// Set when the driver offers a continuous or stepwise range of intervals.
    public var intervalRange: IntervalRange?

    public init(size: PixelSize, intervals: [FrameInterval], intervalRange: IntervalRange? = nil) {
        self.width = size.width
        self.height = size.height
        self.intervals = intervals
        self.intervalRange = intervalRange
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// The offered rates in frames per second, highest first.
    public var framesPerSecond: [Double] { intervals.map(\.framesPerSecond) }

    enum CodingKeys: String, CodingKey {
        case width, height, framesPerSecond, rateRange
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(intervals, forKey: .framesPerSecond)
        try container.encodeIfPresent(intervalRange, forKey: .rateRange)
    }
}

/// A stepwise or continuous range of frame sizes (V4L2_FRMSIZE_TYPE_STEPWISE / _CONTINUOUS).
public struct SizeRange: Sendable, Equatable, Encodable {
    public var minimum: PixelSize
    public var maximum: PixelSize
    /// Step in pixels; 1 for a continuous range.
    public var step: PixelSize

    public init(minimum: PixelSize, maximum: PixelSize, step: PixelSize) {
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
    }

    public func contains(_ size: PixelSize) -> Bool {
        func fits(_ value: Int, _ low: Int, _ high: Int, _ step: Int) -> Bool {
            value >= low && value <= high && (value - low) % max(step, 1) == 0
        }
        return fits(size.width, minimum.width, maximum.width, step.width)
            && fits(size.height, minimum.height, maximum.height, step.height)
    }
}

/// A stepwise or continuous range of frame intervals (V4L2_FRMIVAL_TYPE_STEPWISE / _CONTINUOUS).
public struct IntervalRange: Sendable, Equatable, Encodable {
    /// The shortest interval: the highest rate.
    public var fastest: FrameInterval
    /// The longest interval: the lowest rate.
    public var slowest: FrameInterval

    public init(fastest: FrameInterval, slowest: FrameInterval) {
        self.fastest = fastest
        self.slowest = slowest
    }

    public func contains(framesPerSecond fps: Double) -> Bool {
        fps <= fastest.framesPerSecond * 1.001 && fps >= slowest.framesPerSecond * 0.999
    }

    enum CodingKeys: String, CodingKey {
        case fastest = "maximumFramesPerSecond", slowest = "minimumFramesPerSecond"
    }
}
