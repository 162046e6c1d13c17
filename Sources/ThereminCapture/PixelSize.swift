/// A frame size in pixels, as given to `--size` (`640x480`).
public struct PixelSize: Sendable, Hashable, Comparable, Encodable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Parses `WIDTHxHEIGHT` (e.g. `1280x720`); nil when the text is not two positive numbers joined by `x`.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (1...16384).contains(width), (1...16384).contains(height) else { return nil }
        self.init(width: width, height: height)
    }

    /// 640x480: what the theremin asks for unless told otherwise (fast to track, offered by every webcam).
    public static let standard = PixelSize(width: 640, height: 480)

    public var description: String { "\(width)x\(height)" }

    /// Smaller area first, then narrower: the order sizes are listed in.
    public static func < (a: PixelSize, b: PixelSize) -> Bool {
        (a.width * a.height, a.width) < (b.width * b.height, b.width)
    }
}
