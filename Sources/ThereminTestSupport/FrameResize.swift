import ThereminCore

/// Bilinear resizing of BGR frames for test material and benchmarks (far-player scenes, the clip scaled, cropped or
/// letterboxed to 640x480), so that every one of them samples pixels the same way.
public enum FrameResize {
    /// How the picture fills the new size.
    public enum Fit: Sendable {
        /// Scaled to cover the size, aspect kept, the overflow cropped evenly.
        case cover
        /// Scaled to fit inside, aspect kept, centred on black bars.
        case letterbox
        /// Scaled to exactly the size, aspect not kept.
        case stretch
    }

    /// `frame` resized to `width` x `height`; capture time and sequence are kept.
    public static func resized(_ frame: Frame, width: Int, height: Int, fit: Fit) -> Frame {
        var scaleX = Double(width) / Double(frame.width), scaleY = Double(height) / Double(frame.height)
        switch fit {
        case .cover: (scaleX, scaleY) = (max(scaleX, scaleY), max(scaleX, scaleY))
        case .letterbox: (scaleX, scaleY) = (min(scaleX, scaleY), min(scaleX, scaleY))
        case .stretch: break
        }
        let offsetX = (Double(frame.width) * scaleX - Double(width)) / 2
        let offsetY = (Double(frame.height) * scaleY - Double(height)) / 2
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for row in 0..<height {
            let insideY = (Double(row) + 0.5 + offsetY) / scaleY
            if insideY < 0 || insideY > Double(frame.height) { continue }  // a letterbox's black bar
            let fy = min(max(insideY - 0.5, 0), Double(frame.height - 1))
            let y0 = Int(fy), y1 = min(y0 + 1, frame.height - 1), wy = fy - Double(y0)
            for column in 0..<width {
                let insideX = (Double(column) + 0.5 + offsetX) / scaleX
                if insideX < 0 || insideX > Double(frame.width) { continue }
                let fx = min(max(insideX - 0.5, 0), Double(frame.width - 1))
                let x0 = Int(fx), x1 = min(x0 + 1, frame.width - 1), wx = fx - Double(x0)
                for channel in 0..<3 {
                    func at(_ x: Int, _ y: Int) -> Double { Double(frame.pixels[y * frame.bytesPerRow + x * 3 + channel]) }
                    let top = at(x0, y0) * (1 - wx) + at(x1, y0) * wx
                    let bottom = at(x0, y1) * (1 - wx) + at(x1, y1) * wx
                    pixels[(row * width + column) * 3 + channel] = UInt8(min(255, max(0, (top * (1 - wy) + bottom * wy).rounded())))
                }
            }
        }
        return Frame(width: width, height: height, bytesPerRow: width * 3, pixels: pixels,
                     captureTime: frame.captureTime, sequence: frame.sequence)
    }
}
