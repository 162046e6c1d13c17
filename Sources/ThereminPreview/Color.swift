/// A colour for drawing on the preview, in 8-bit RGB (stored the way the BGR pictures hold it).
public struct Color: Sendable, Equatable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A grey of the given brightness.
    public init(grey: UInt8) {
        self.init(red: grey, green: grey, blue: grey)
    }

    public static let black = Color(grey: 0)
    public static let white = Color(grey: 255)
}
