import ThereminCore

/// How a dequeued buffer becomes the pixels of a `Frame`.
enum FrameConversion {
    /// The buffer already holds BGR24 (libv4l2 converted it, or the camera sends it): copy `format`'s rows.
    case copy(PixelFormat)
    /// The buffer holds one MJPEG frame, decoded here by TurboJPEG (at the decoder's scale).
    case decodeJPEG(JPEGDecoder)
    /// The buffer holds YUYV in `format`, converted here with the range the driver declares.
    case convertYUYV(PixelFormat, YUYVConverter)
    /// The buffer holds YUYV in `format`, handed on as it is (`V4L2Camera.Configuration.keepsYUYV`).
    case keepYUYV(PixelFormat, YCbCrEncoding)

    /// The size of the frames made.
    var frameSize: PixelSize {
        switch self {
        case .copy(let format), .convertYUYV(let format, _), .keepYUYV(let format, _):
            PixelSize(width: format.width, height: format.height)
        case .decodeJPEG(let decoder): decoder.frameSize
        }
    }

    /// Bytes per row of the frames made.
    var frameBytesPerRow: Int {
        switch self {
        case .copy(let format), .keepYUYV(let format, _): format.bytesPerLine
        case .convertYUYV(let format, _): format.width * 3
        case .decodeJPEG(let decoder): decoder.frameSize.width * 3
        }
    }

    /// How the frames made hold their pixels.
    var layout: PixelLayout {
        switch self {
        case .keepYUYV(_, let encoding): .yuyv(encoding)
        case .copy, .decodeJPEG, .convertYUYV: .bgr24
        }
    }

    /// The pixels of one frame from the `bytesUsed` bytes the driver filled; nil when they are short or corrupt.
    func pixels(from data: UnsafeRawBufferPointer) -> [UInt8]? {
        switch self {
        case .keepYUYV(let format, _) where format.width % 2 != 0 || format.bytesPerLine < format.width * 2:
            return nil
        case .copy(let format), .keepYUYV(let format, _):
            let expected = format.bytesPerLine * format.height
            guard expected > 0, data.count >= expected, let source = data.baseAddress else { return nil }
            return [UInt8](unsafeUninitializedCapacity: expected) { destination, count in
                if let base = destination.baseAddress {
                    base.initialize(from: source.assumingMemoryBound(to: UInt8.self), count: expected)
                }
                count = expected
            }
        case .decodeJPEG(let decoder):
            return decoder.decode(data)
        case .convertYUYV(let format, let converter):
            let expected = format.bytesPerLine * format.height
            guard format.width % 2 == 0, format.bytesPerLine >= format.width * 2, expected > 0, data.count >= expected,
                  let source = data.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
            let count = format.width * 3 * format.height
            return [UInt8](unsafeUninitializedCapacity: count) { destination, initialized in
                if let base = destination.baseAddress {
                    converter.convert(source, sourceBytesPerRow: format.bytesPerLine, width: format.width,
                                      height: format.height, into: base)
                }
                initialized = count
            }
        }
    }
}
