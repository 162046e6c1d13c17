/// The time between frames as V4L2 states it: `numerator / denominator` seconds (1/30 is 30 fps).
public struct FrameInterval: Sendable, Hashable, Encodable, CustomStringConvertible {
    public var numerator: UInt32
    public var denominator: UInt32

    public init(numerator: UInt32, denominator: UInt32) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// The interval for a rate in frames per second, to a millisecond-of-a-frame resolution (7.5 fps is 2/15).
    public init(framesPerSecond: Double) {
        var numerator: UInt32 = 1000
        var denominator = UInt32(max(1, min(Double(UInt32.max), (framesPerSecond * 1000).rounded())))
        var a = numerator, b = denominator
        while b != 0 { (a, b) = (b, a % b) }
        numerator /= a
        denominator /= a
        self.init(numerator: numerator, denominator: denominator)
    }

    /// Frames per second; 0 for a degenerate interval.
    public var framesPerSecond: Double {
        numerator == 0 ? 0 : Double(denominator) / Double(numerator)
    }

    /// The rate as people write it: `30`, `7.5`, `29.97`.
    public var description: String { Self.format(framesPerSecond) }

    static func format(_ fps: Double) -> String {
        let rounded = (fps * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode((framesPerSecond * 1000).rounded() / 1000)
    }
}
