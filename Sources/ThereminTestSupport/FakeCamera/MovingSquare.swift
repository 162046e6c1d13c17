import FakeCameraCore
import ThereminCore

/// The fake camera's moving-square pattern, seen from the test side: where the square of a frame must be, and
/// where it is in a captured BGR frame.
public enum MovingSquare {
    /// A square in pixels.
    public struct Square: Equatable, CustomStringConvertible {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int

        public var description: String { "\(width)x\(height) at (\(x), \(y))" }

        /// The square in a frame decoded at 1/`divisor` scale (MJPEG at 1280x720 is decoded at half scale).
        public func shrunk(by divisor: Int) -> Square {
            Square(x: x / divisor, y: y / divisor, width: width / divisor, height: height / divisor)
        }
    }

    /// Where frame `sequence` of a `width` x `height` stream draws its square (shared C definition).
    public static func expected(sequence: UInt64, width: Int, height: Int) -> Square {
        let square = fake_pattern_square(sequence, Int32(width), Int32(height))
        return Square(x: Int(square.x), y: Int(square.y), width: Int(square.size), height: Int(square.size))
    }

    /// The bounding box of the bright pixels of a BGR frame, and how many there are; nil when none is bright.
    ///
    /// A pixel is bright when all three channels are above the midpoint of the background and square levels; a
    /// correct frame has exactly `width * height` bright pixels filling their bounding box.
    public static func locate(in frame: Frame) -> (square: Square, brightPixels: Int)? {
        let background = Int(FAKE_PATTERN_BACKGROUND)
        let bright = Int(FAKE_PATTERN_SQUARE)
        let threshold = UInt8((background + bright) / 2)
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1, count = 0
        frame.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<frame.height {
                let row = y * frame.bytesPerRow
                for x in 0..<frame.width {
                    let p = row + 3 * x
                    guard pixels[p] > threshold, pixels[p + 1] > threshold, pixels[p + 2] > threshold else { continue }
                    count += 1
                    minX = min(minX, x)
                    maxX = max(maxX, x)
                    minY = min(minY, y)
                    maxY = max(maxY, y)
                }
            }
        }
        guard count > 0 else { return nil }
        return (Square(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1), count)
    }
}
