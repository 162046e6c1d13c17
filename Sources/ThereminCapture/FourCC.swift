/// A V4L2 pixel format code: four characters packed little-endian (`YUYV`, `MJPG`, `BGR3`).
public struct FourCC: Sendable, Hashable, Encodable, CustomStringConvertible {
    public var rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Packs up to four ASCII characters (padded with spaces); nil for anything else.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard (1...4).contains(bytes.count), bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) else { return nil }
        let padded = bytes + Array(repeating: UInt8(ascii: " "), count: 4 - bytes.count)
        rawValue = padded.enumerated().reduce(0) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
    }

    /// What libv4l2 converts every supported camera format into, and what `Frame` holds (V4L2_PIX_FMT_BGR24).
    public static let bgr24 = FourCC(rawValue: 0x3352_4742)

    /// YUYV 4:2:2 (V4L2_PIX_FMT_YUYV): what webcams send uncompressed; converted by `YUYVConverter`.
    public static let yuyv = FourCC(rawValue: 0x5659_5559)

    /// Motion-JPEG (V4L2_PIX_FMT_MJPEG): what most webcams send at 60 fps or at 720p; decoded by TurboJPEG.
    public static let mjpeg = FourCC(rawValue: 0x4750_4A4D)

    /// The four characters, trailing spaces removed.
    public var description: String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: rawValue >> (8 * $0)) }
        let text = String(decoding: bytes.map { (0x20..<0x7f).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
        return String(text.reversed().drop(while: { $0 == " " }).reversed())
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
