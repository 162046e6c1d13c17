// Every raw TurboJPEG call of ThereminCapture lives in this file (libv4l2's are in V4L2Device.swift).
import CTurboJPEG

/// A TurboJPEG decompressor for one camera's MJPEG frames: created once when the camera starts, it decodes each
/// frame straight into the BGR pixels of a `Frame`, scaled down when the camera's frames are wider than the
/// tracker uses. Used by the capture thread only.
final class JPEGDecoder: @unchecked Sendable {
    /// The camera's frame size (what the JPEGs must say).
    let cameraSize: PixelSize
    /// The scale frames are decoded at.
    let scale: JPEGScale
    /// The size of the decoded frames.
    let frameSize: PixelSize
    private let handle: tjhandle

    /// - Parameter maximumWidth: the widest frame worth decoding (the tracker's working width).
    /// - Throws: `V4L2Error` `.failed` when TurboJPEG cannot start (out of memory).
    init(cameraSize: PixelSize, maximumWidth: Int, device: String) throws(V4L2Error) {
        guard let handle = tjInitDecompress() else {
            throw V4L2Error(kind: .failed, operation: .startJPEGDecoder, device: device,
                            detail: "TurboJPEG cannot start a decoder: \(String(cString: tjGetErrorStr2(nil)))")
        }
        self.handle = handle
        self.cameraSize = cameraSize
        scale = JPEGScale.choose(for: cameraSize, maximumWidth: maximumWidth, among: Self.offeredScales())
        frameSize = scale.scaled(cameraSize)
    }

    deinit { tjDestroy(handle) }

    /// The scaling factors this TurboJPEG can decode at.
    static func offeredScales() -> [JPEGScale] {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count), count > 0 else { return [.full] }
        return (0..<Int(count)).map { JPEGScale(numerator: Int(factors[$0].num), denominator: Int(factors[$0].denom)) }
    }

    /// Decodes one JPEG into packed BGR24 at `frameSize` (`frameSize.width * 3` bytes per row); nil when the data
    /// is not a whole JPEG of the camera's size or TurboJPEG cannot decode it (the caller drops and counts it).
    func decode(_ jpeg: UnsafeRawBufferPointer) -> [UInt8]? {
        guard JPEGFrameCheck.isComplete(jpeg), let base = jpeg.baseAddress?.assumingMemoryBound(to: UInt8.self)
        else { return nil }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(handle, base, UInt(jpeg.count), &width, &height, &subsampling, &colorspace) == 0,
              Int(width) == cameraSize.width, Int(height) == cameraSize.height else { return nil }
        let count = frameSize.width * frameSize.height * 3
        var decoded = true
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { destination, initialized in
            let status = tjDecompress2(handle, base, UInt(jpeg.count), destination.baseAddress,
                                       Int32(frameSize.width), 0, Int32(frameSize.height), Int32(TJPF_BGR.rawValue), 0)
            // A warning (TJERR_WARNING) on a whole frame leaves a usable picture; a fatal error does not.
            decoded = status == 0 || tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue)
            initialized = count
        }
        return decoded ? pixels : nil
    }
}
