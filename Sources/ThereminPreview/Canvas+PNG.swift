import CVisionLoader

extension Canvas {
    /// The picture as the bytes of a PNG file (OpenCV's image writing), for pictures saved rather than shown: the
    /// intonation report's plot. The caller writes them whole (`OutputFile`), so a failed run leaves no half file.
    /// - Throws: `PreviewError` when the vision library is missing or encoding fails.
    public func pngData() throws(PreviewError) -> [UInt8] {
        let api = try PreviewCalls.api()
        let (width, height, stride) = (image.width, image.height, image.bytesPerRow)
        var copy = image.pixels
        var output = [UInt8](repeating: 0, count: width * height * 3 + 65_536)
        var written = 0
        let failure = copy.withUnsafeMutableBufferPointer { pixels in
            output.withUnsafeMutableBufferPointer { buffer in
                PreviewCalls.failure {
                    api.pv_encode_png(pv_image(pixels: pixels.baseAddress, width: Int32(width), height: Int32(height),
                                               stride: stride), buffer.baseAddress, buffer.count, &written, $0, $1)
                }
            }
        }
        if let failure { throw failure }
        return Array(output.prefix(written))
    }
}
