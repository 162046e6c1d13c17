/// A picture as packed 8-bit RGB, for pixel checks on screenshots and composed pictures.
public struct RGBPicture: Sendable {
    public let width: Int
    public let height: Int
    /// `width * height * 3` bytes, row by row.
    public let pixels: [UInt8]

    public struct Pixel: Sendable, Equatable, CustomStringConvertible {
        public var red: Int
        public var green: Int
        public var blue: Int

        public init(red: Int, green: Int, blue: Int) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// The largest difference in any channel.
        public func distance(to other: Pixel) -> Int {
            max(abs(red - other.red), abs(green - other.green), abs(blue - other.blue))
        }

        public var description: String { "(\(red), \(green), \(blue))" }
    }

    /// A picture from packed RGB bytes; nil when there are fewer bytes than the size needs.
    public init?(width: Int, height: Int, rgb: [UInt8]) {
        guard width > 0, height > 0, rgb.count >= width * height * 3 else { return nil }
        self.width = width
        self.height = height
        pixels = Array(rgb.prefix(width * height * 3))
    }

    /// A picture from packed BGR rows with `bytesPerRow` bytes each (a `Frame`'s layout).
    public init?(width: Int, height: Int, bytesPerRow: Int, bgr: [UInt8]) {
        guard width > 0, height > 0, bytesPerRow >= width * 3, bgr.count >= bytesPerRow * height else { return nil }
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let from = y * bytesPerRow + x * 3, to = (y * width + x) * 3
                rgb[to] = bgr[from + 2]
                rgb[to + 1] = bgr[from + 1]
                rgb[to + 2] = bgr[from]
            }
        }
        self.init(width: width, height: height, rgb: rgb)
    }

    /// The pixel at (x, y); black outside the picture.
    public func pixel(_ x: Int, _ y: Int) -> Pixel {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return Pixel(red: 0, green: 0, blue: 0) }
        let offset = (y * width + x) * 3
        return Pixel(red: Int(pixels[offset]), green: Int(pixels[offset + 1]), blue: Int(pixels[offset + 2]))
    }

    /// The top-left `width` x `height` part (a window at the screen's corner).
    public func cropped(width: Int, height: Int) -> RGBPicture? {
        let width = min(width, self.width), height = min(height, self.height)
        var rgb: [UInt8] = []
        rgb.reserveCapacity(width * height * 3)
        for y in 0..<height {
            let start = y * self.width * 3
            rgb += pixels[start..<(start + width * 3)]
        }
        return RGBPicture(width: width, height: height, rgb: rgb)
    }
}
