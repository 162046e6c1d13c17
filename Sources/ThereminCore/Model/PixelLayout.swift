/// How a frame's bytes hold its pixels.
public enum PixelLayout: Sendable, Equatable {
    /// Packed BGR24: three bytes a pixel.
    case bgr24
    /// YUYV 4:2:2 as the camera sent it: two bytes a pixel, each pair sharing its Cb and Cr. The tracker reads only
    /// the crops it samples and the preview converts only the frames it shows (docs/decisions.md, Capture).
    case yuyv(YCbCrEncoding)
}

/// The Y'CbCr matrix and range a camera declares for its YUYV (V4L2's encoding and quantization fields).
public struct YCbCrEncoding: Sendable, Equatable {
    /// BT.709 when true, BT.601 otherwise.
    public var bt709: Bool
    /// Full range (Y 0–255) when true; limited range (Y 16–235), as webcams send it, otherwise.
    public var fullRange: Bool

    public init(bt709: Bool, fullRange: Bool) {
        self.bt709 = bt709
        self.fullRange = fullRange
    }
}
