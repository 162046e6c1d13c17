/// Turns YUYV 4:2:2 into BGR24 with the range and matrix the driver declares for it.
///
/// libv4l2's own conversion treats every YUYV buffer as full range (Y 0–255), but V4L2 defines a Y'CbCr format
/// without an explicit quantization as limited range (Y 16–235), as uvcvideo and most webcams send it. Converted as
/// full range, such a picture loses a seventh of its contrast, and the hand tracker finds a hand at the picture's
/// edge markedly less often (measured: 124 against 211 of 240 frames on the letterboxed selfie clip).
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
    /// Per code value, in 1/65536, five tables of 256 one after the other (`Table`): luma (rounding included), and
    /// each chroma's share of red, green and blue.
    private let tables: [Int32]

    /// Where each table starts in `tables`.
    private enum Table {
        static let luma = 0, redFromV = 256, greenFromU = 512, greenFromV = 768, blueFromU = 1024
    }

    package init(matrix: Matrix, fullRange: Bool) {
        self.matrix = matrix
        self.fullRange = fullRange
        let (kr, kb) = matrix.weights
        let kg = 1 - kr - kb
        let lumaScale = fullRange ? 1.0 : 255.0 / 219.0
        let chromaScale = fullRange ? 1.0 : 255.0 / 224.0
        let lumaOffset = fullRange ? 0.0 : 16.0
        let one = 65536.0
        func table(_ value: (Double) -> Double) -> [Int32] {
            (0..<256).map { Int32((value(Double($0)) * one).rounded()) }
        }
        tables = table { ($0 - lumaOffset) * lumaScale + 0.5 }
            + table { 2 * (1 - kr) * ($0 - 128) * chromaScale }
            + table { -2 * kb * (1 - kb) / kg * ($0 - 128) * chromaScale }
            + table { -2 * kr * (1 - kr) / kg * ($0 - 128) * chromaScale }
            + table { 2 * (1 - kb) * ($0 - 128) * chromaScale }
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
    package func convert(_ source: UnsafePointer<UInt8>, sourceBytesPerRow: Int, width: Int, height: Int,
                 into destination: UnsafeMutablePointer<UInt8>) {
        tables.withUnsafeBufferPointer { table in
            for row in 0..<height {
                var input = source + row * sourceBytesPerRow
                var output = destination + row * width * 3
                for _ in 0..<(width / 2) {
                    let u = Int(input[1]), v = Int(input[3])
                    let red = table[Table.redFromV + v], blue = table[Table.blueFromU + u]
                    let green = table[Table.greenFromU + u] &+ table[Table.greenFromV + v]
                    for half in 0..<2 {
                        let y = table[Table.luma + Int(input[2 * half])]
                        output[0] = Self.byte(y &+ blue)
                        output[1] = Self.byte(y &+ green)
                        output[2] = Self.byte(y &+ red)
                        output += 3
                    }
                    input += 4
                }
            }
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
