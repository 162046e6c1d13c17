/// How a camera format becomes the BGR frames the tracker takes, and what that costs: the mode chooser's measure
/// of "cheap to decode".
enum FrameDecoding: Equatable {
    /// The camera sends BGR24 (`BGR3`): copied as it is.
    case asIs
    /// `YUYVConverter` converts it here, in the range the driver declares.
    case yuyv
    /// libv4l2 converts it (the other raw formats its converter knows).
    case libv4l2
    /// TurboJPEG decodes it here, at a reduced scale when wider than the tracker uses (`MJPG`).
    case turboJPEG

    /// The path for a camera format; nil for formats theremin cannot decode (H.264, vendor formats) or that
    /// libv4l2 might not convert (it knows more, e.g. Bayer, and gets its say when nothing here fits).
    init?(_ fourcc: FourCC) {
        if fourcc == .bgr24 {
            self = .asIs
        } else if fourcc == .mjpeg {
            self = .turboJPEG
        } else if fourcc == .yuyv {
            self = .yuyv
        } else if FourCC.convertedByLibv4l2.contains(fourcc) {
            self = .libv4l2
        } else {
            return nil
        }
    }

    /// The frame size the tracker gets from a camera frame of `size`.
    func frameSize(for size: PixelSize, maximumDecodeWidth: Int) -> PixelSize {
        guard self == .turboJPEG else { return size }
        return JPEGScale.choose(for: size, maximumWidth: maximumDecodeWidth, among: JPEGDecoder.offeredScales())
            .scaled(size)
    }

    /// Estimated milliseconds to turn one camera frame of `size` into the tracker's frame, from `make
    /// bench-capture` on this project's 2-core machine: BGR3 copied 0.13 ms at 640x480; YUYV converted here 0.67,
    /// through libv4l2 0.72;
    /// TurboJPEG 1.2 at 640x480 and 2.15 at 1280x720 decoded at 1/2, which fits 1.8 ms per camera megapixel
    /// (reading the entropy-coded data) plus 2.1 ms per decoded megapixel (inverse DCT and colour conversion).
    func milliseconds(for size: PixelSize, maximumDecodeWidth: Int) -> Double {
        let megapixels = Double(size.width * size.height) / 1e6
        switch self {
        case .asIs: return 0.42 * megapixels
        case .yuyv: return 2.2 * megapixels
        case .libv4l2: return 2.35 * megapixels
        case .turboJPEG:
            let decoded = frameSize(for: size, maximumDecodeWidth: maximumDecodeWidth)
            return 1.8 * megapixels + 2.1 * Double(decoded.width * decoded.height) / 1e6
        }
    }
}

extension FourCC {
    /// Raw formats libv4lconvert turns into BGR24 (the common ones of its `supported_src_pixfmts`).
    static let convertedByLibv4l2 = ["YVYU", "UYVY", "NV12", "NV21", "YU12", "YV12", "RGB3", "GREY"]
        .compactMap { FourCC($0) }

    /// The camera formats theremin plays from (`--camera-format`): MJPEG, BGR as it is, and libv4l2's raw formats.
    public static let decodable: [FourCC] = [.mjpeg, .yuyv, .bgr24] + convertedByLibv4l2
}
