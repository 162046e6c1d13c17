/// Turns YUYV 4:2:2 into BGR24 with the range and matrix the driver declares for it.
///
/// libv4l2's own conversion treats every YUYV buffer as full range (Y 0–255), but V4L2 defines a Y'CbCr format
/// without an explicit quantization as limited range (Y 16–235), as uvcvideo and most webcams send it. Converted as
/// full range, such a picture loses a seventh of its contrast, and the hand tracker finds a hand at the picture's
/// edge markedly less often (the figures: docs/decisions.md, Capture).
package struct YUYVConverter {
    /// The Y'CbCr matrix (V4L2_YCBCR_ENC_601 or V4L2_YCBCR_ENC_709).
    package enum Matrix: Equatable {
        case bt601
        case bt709

        /// Luma weights of red and blue.
        var weights: (red: Double, blue: Double) {
            switch self {
            case .bt601: (0.299, 0.114)
            case .bt709: (0.2126, 0.0722)
            }
        }
    }

    package let matrix: Matrix
    package let fullRange: Bool
    /// The conversion in 16.16 fixed point: luma scale and offset (rounding included), and each chroma's share of
    /// red, green and blue per code value away from 128.
    private let luma: Int32, lumaOffset: Int32
    private let redFromV: Int32, greenFromU: Int32, greenFromV: Int32, blueFromU: Int32

    package init(matrix: Matrix, fullRange: Bool) {
        self.matrix = matrix
        self.fullRange = fullRange
        let (kr, kb) = matrix.weights
        let kg = 1 - kr - kb
        let lumaScale = fullRange ? 1.0 : 255.0 / 219.0
        let chromaScale = fullRange ? 1.0 : 255.0 / 224.0
        func fixed(_ value: Double) -> Int32 { Int32((value * 65536).rounded()) }
        luma = fixed(lumaScale)
        lumaOffset = fixed(0.5 - (fullRange ? 0 : 16) * lumaScale)
        redFromV = fixed(2 * (1 - kr) * chromaScale)
        greenFromU = fixed(-2 * kb * (1 - kb) / kg * chromaScale)
        greenFromV = fixed(-2 * kr * (1 - kr) / kg * chromaScale)
        blueFromU = fixed(2 * (1 - kb) * chromaScale)
    }

    /// The converter for a format as the driver describes it (V4L2 colorspace, encoding and quantization fields),
    /// resolving "default" the way V4L2 defines it (V4L2_MAP_YCBCR_ENC_DEFAULT, V4L2_MAP_QUANTIZATION_DEFAULT).
    /// Encodings other than 601 and 709 (BT.2020, SMPTE 240M) are converted as 601, the nearest for a webcam.
    init(_ encoding: ColorEncoding) {
        let matrix: Matrix
        switch encoding.ycbcrEncoding {
        case .bt709: matrix = .bt709
        case .bt601: matrix = .bt601
        case .default: matrix = encoding.colorspace == .rec709 ? .bt709 : .bt601
        }
        let fullRange: Bool
        switch encoding.quantization {
        case .full: fullRange = true
        case .limited: fullRange = false
        case .default: fullRange = encoding.colorspace == .jpeg
        }
        self.init(matrix: matrix, fullRange: fullRange)
    }

    /// Converts a `width` x `height` YUYV picture (`sourceBytesPerRow` apart) into packed BGR24 rows
    /// (`width * 3` bytes each). `width` must be even, as YUYV's is.
    ///
    /// Eight pixel pairs at a time in SIMD lanes, the rest of a row one pair at a time with the same arithmetic (so
    /// the results are the same either way). The lookup tables this replaces took 0.9–1.1 ms a 640x480 frame, the
    /// largest cost outside the tracker's networks in live play (perf); this takes about 0.4.
    package func convert(_ source: UnsafePointer<UInt8>, sourceBytesPerRow: Int, width: Int, height: Int,
                         into destination: UnsafeMutablePointer<UInt8>) {
        let pairs = width / 2
        for row in 0..<height {
            let input = source + row * sourceBytesPerRow
            let output = destination + row * width * 3
            var pair = 0
            while pair + 8 <= pairs {
                convertEightPairs(UnsafeRawPointer(input + 4 * pair), into: output + 6 * pair)
                pair += 8
            }
            while pair < pairs {
                convertPair(input + 4 * pair, into: output + 6 * pair)
                pair += 1
            }
        }
    }

    /// Eight pairs `y0 u y1 v` (32 bytes) into sixteen BGR pixels (48 bytes).
    @inline(__always)
    private func convertEightPairs(_ input: UnsafeRawPointer, into output: UnsafeMutablePointer<UInt8>) {
        let block = input.loadUnaligned(as: SIMD32<UInt8>.self)
        let lumas = block.evenHalf, chroma = block.oddHalf
        let u = SIMD8<Int32>(truncatingIfNeeded: chroma.evenHalf) &- 128
        let v = SIMD8<Int32>(truncatingIfNeeded: chroma.oddHalf) &- 128
        let red = redFromV &* v, blue = blueFromU &* u, green = greenFromU &* u &+ greenFromV &* v
        let first = SIMD8<Int32>(truncatingIfNeeded: lumas.evenHalf) &* luma &+ lumaOffset
        let second = SIMD8<Int32>(truncatingIfNeeded: lumas.oddHalf) &* luma &+ lumaOffset
        let zero = SIMD8<Int32>(repeating: 0), top = SIMD8<Int32>(repeating: 255)
        func bytes(_ value: SIMD8<Int32>) -> SIMD8<Int32> { (value &>> 16).clamped(lowerBound: zero, upperBound: top) }
        let (b0, g0, r0) = (bytes(first &+ blue), bytes(first &+ green), bytes(first &+ red))
        let (b1, g1, r1) = (bytes(second &+ blue), bytes(second &+ green), bytes(second &+ red))
        for lane in 0..<8 {
            let pixels = output + 6 * lane
            pixels[0] = UInt8(truncatingIfNeeded: b0[lane])
            pixels[1] = UInt8(truncatingIfNeeded: g0[lane])
            pixels[2] = UInt8(truncatingIfNeeded: r0[lane])
            pixels[3] = UInt8(truncatingIfNeeded: b1[lane])
            pixels[4] = UInt8(truncatingIfNeeded: g1[lane])
            pixels[5] = UInt8(truncatingIfNeeded: r1[lane])
        }
    }

    /// One pair `y0 u y1 v` into two BGR pixels.
    @inline(__always)
    private func convertPair(_ input: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) {
        let u = Int32(input[1]) &- 128, v = Int32(input[3]) &- 128
        let red = redFromV &* v, blue = blueFromU &* u, green = greenFromU &* u &+ greenFromV &* v
        for half in 0..<2 {
            let y = Int32(input[2 * half]) &* luma &+ lumaOffset
            output[3 * half] = Self.byte(y &+ blue)
            output[3 * half + 1] = Self.byte(y &+ green)
            output[3 * half + 2] = Self.byte(y &+ red)
        }
    }

    /// A 16.16 fixed-point value as a byte, clamped to 0…255.
    @inline(__always)
    private static func byte(_ value: Int32) -> UInt8 {
        UInt8(truncatingIfNeeded: min(max(value >> 16, 0), 255))
    }
}

/// How a Y'CbCr format's code values are to be read: the V4L2 colorspace, Y'CbCr encoding and quantization fields.
struct ColorEncoding: Equatable {
    enum Colorspace: Equatable { case rec709, jpeg, other }
    enum Encoding: Equatable { case `default`, bt601, bt709 }
    enum Quantization: Equatable { case `default`, full, limited }

    var colorspace: Colorspace = .other
    var ycbcrEncoding: Encoding = .default
    var quantization: Quantization = .default
}
