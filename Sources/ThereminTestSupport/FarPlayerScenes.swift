import Foundation
import ThereminCore

/// Far-player test scenes (issue 13), made at test time from corpus photos so the corpus stays out of the repository:
/// a webcam photo shrunk to a half or a third of a 640x480 frame, placed inside an out-of-focus "room" made from
/// another corpus picture. Deterministic: the same inputs give the same pixels, so the benchmark and MediaPipe's
/// reference run (which reads the scenes the benchmark writes) see identical frames.
public enum FarPlayerScenes {
    public static let width = 640
    public static let height = 480

    /// How much the photo is shrunk: it fits a box of this fraction of the frame's width and height.
    public enum Shrink: Int, CaseIterable, Sendable {
        case half = 2
        case third = 3
        public var label: String { self == .half ? "half" : "third" }
    }

    /// The scene for photo number `index`: `background` scaled to cover the frame and blurred, `photo` shrunk to fit
    /// `shrink` of the frame (aspect kept) and placed at a position that depends only on `index`.
    public static func compose(photo: Frame, background: Frame, shrink: Shrink, index: Int) -> Frame {
        var scene = blurred(FrameResize.resized(background, width: width, height: height, fit: .cover), radius: 6)
        let fit = min(Double(width / shrink.rawValue) / Double(photo.width),
                      Double(height / shrink.rawValue) / Double(photo.height))
        let small = FrameResize.resized(photo, width: max(1, Int((Double(photo.width) * fit).rounded())),
                                        height: max(1, Int((Double(photo.height) * fit).rounded())), fit: .stretch)
        let x = (index * 137 + 41) % (width - small.width + 1)
        let y = (index * 71 + 13) % (height - small.height + 1)
        for row in 0..<small.height {
            let from = row * small.bytesPerRow, to = (y + row) * scene.bytesPerRow + x * 3
            scene.pixels.replaceSubrange(to..<(to + small.width * 3), with: small.pixels[from..<(from + small.width * 3)])
        }
        return scene
    }

    /// Two passes of a separable box blur of `radius` pixels (edges clamped), with running sums: an out-of-focus
    /// background.
    static func blurred(_ frame: Frame, radius: Int) -> Frame {
        var pixels = frame.pixels
        let (width, height, stride) = (frame.width, frame.height, frame.bytesPerRow)
        var line = [Int](repeating: 0, count: max(width, height))
        for _ in 0..<2 {
            for horizontal in [true, false] {
                let length = horizontal ? width : height
                for other in 0..<(horizontal ? height : width) {
                    for channel in 0..<3 {
                        func index(_ i: Int) -> Int {
                            horizontal ? other * stride + i * 3 + channel : i * stride + other * 3 + channel
                        }
                        for i in 0..<length { line[i] = Int(pixels[index(i)]) }
                        var sum = 0
                        for offset in -radius...radius { sum += line[min(max(offset, 0), length - 1)] }
                        for i in 0..<length {
                            pixels[index(i)] = UInt8(sum / (2 * radius + 1))
                            sum += line[min(i + radius + 1, length - 1)] - line[max(i - radius, 0)]
                        }
                    }
                }
            }
        }
        return Frame(width: width, height: height, bytesPerRow: stride, pixels: pixels, captureTime: 0, sequence: 0)
    }

    /// The frame as a binary PPM (P6, RGB), which OpenCV and MediaPipe's Python tools read.
    public static func ppm(_ frame: Frame) -> Data {
        var data = Data("P6\n\(frame.width) \(frame.height)\n255\n".utf8)
        data.reserveCapacity(data.count + frame.width * frame.height * 3)
        for row in 0..<frame.height {
            for column in 0..<frame.width {
                let i = row * frame.bytesPerRow + column * 3
                data.append(contentsOf: [frame.pixels[i + 2], frame.pixels[i + 1], frame.pixels[i]])
            }
        }
        return data
    }
}
