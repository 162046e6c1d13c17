extension Canvas {
    /// The picture as the bytes of a PNG file (OpenCV's image writing), for pictures saved rather than shown: the
    /// intonation report's plot. The caller writes them whole (`OutputFile`), so a failed run leaves no half file.
    /// - Throws: `PreviewError` when the vision library is missing or encoding fails.
    public func pngData() throws(PreviewError) -> [UInt8] {
        try PreviewCalls.encodePNG(image)
    }
}
