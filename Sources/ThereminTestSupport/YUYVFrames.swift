import ThereminCore

/// YUYV pictures made from BGR ones and read back, in plain floating point: the reference the tracker's and the
/// preview's own YUYV readers are checked against.
public enum YUYVFrames {
    /// `frame` (BGR24, even width) as a camera would send it: each pair's Cb and Cr the mean of its two pixels'.
    public static func encode(_ frame: Frame, _ encoding: YCbCrEncoding) -> Frame {
        let (kr, kb) = weights(encoding)
        let kg = 1 - kr - kb
        let lumaScale = encoding.fullRange ? 1.0 : 219.0 / 255, chromaScale = encoding.fullRange ? 1.0 : 224.0 / 255
        let black = encoding.fullRange ? 0.0 : 16
        let width = frame.width & ~1
        var pixels = [UInt8](repeating: 0, count: width * 2 * frame.height)
        func byte(_ value: Double) -> UInt8 { UInt8(min(max(value.rounded(), 0), 255)) }
        for row in 0..<frame.height {
            for pair in 0..<(width / 2) {
                var chroma = (u: 0.0, v: 0.0)
                for half in 0..<2 {
                    let source = row * frame.bytesPerRow + (2 * pair + half) * 3
                    let (b, g, r) = (Double(frame.pixels[source]), Double(frame.pixels[source + 1]),
                                     Double(frame.pixels[source + 2]))
                    let luma = kr * r + kg * g + kb * b
                    pixels[row * width * 2 + 4 * pair + 2 * half] = byte(black + lumaScale * luma)
                    chroma.u += (b - luma) / (2 * (1 - kb)) / 2
                    chroma.v += (r - luma) / (2 * (1 - kr)) / 2
                }
                pixels[row * width * 2 + 4 * pair + 1] = byte(128 + chromaScale * chroma.u)
                pixels[row * width * 2 + 4 * pair + 3] = byte(128 + chromaScale * chroma.v)
            }
        }
        var yuyv = Frame(width: width, height: frame.height, bytesPerRow: width * 2, pixels: pixels,
                         captureTime: frame.captureTime, sequence: frame.sequence)
        yuyv.layout = .yuyv(encoding)
        return yuyv
    }

    /// A YUYV frame read back into BGR24, each pixel with its pair's Cb and Cr.
    public static func decode(_ frame: Frame) -> Frame {
        guard case .yuyv(let encoding) = frame.layout else { return frame }
        let (kr, kb) = weights(encoding)
        let kg = 1 - kr - kb
        let lumaScale = encoding.fullRange ? 1.0 : 255.0 / 219, chromaScale = encoding.fullRange ? 1.0 : 255.0 / 224
        let black = encoding.fullRange ? 0.0 : 16
        var pixels = [UInt8](repeating: 0, count: frame.width * 3 * frame.height)
        func byte(_ value: Double) -> UInt8 { UInt8(min(max(value.rounded(), 0), 255)) }
        for row in 0..<frame.height {
            for column in 0..<frame.width {
                let pair = row * frame.bytesPerRow + 4 * (column / 2)
                let luma = lumaScale * (Double(frame.pixels[pair + 2 * (column % 2)]) - black)
                let u = chromaScale * (Double(frame.pixels[pair + 1]) - 128)
                let v = chromaScale * (Double(frame.pixels[pair + 3]) - 128)
                let r = luma + 2 * (1 - kr) * v, b = luma + 2 * (1 - kb) * u
                let g = (luma - kr * r - kb * b) / kg
                let out = (row * frame.width + column) * 3
                (pixels[out], pixels[out + 1], pixels[out + 2]) = (byte(b), byte(g), byte(r))
            }
        }
        return Frame(width: frame.width, height: frame.height, bytesPerRow: frame.width * 3, pixels: pixels,
                     captureTime: frame.captureTime, sequence: frame.sequence)
    }

    private static func weights(_ encoding: YCbCrEncoding) -> (red: Double, blue: Double) {
        encoding.bt709 ? (0.2126, 0.0722) : (0.299, 0.114)
    }
}
