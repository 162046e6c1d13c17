/// Whether an MJPEG buffer holds a whole JPEG: it starts with the start-of-image marker and ends with the
/// end-of-image marker, after any zero padding (UVC cameras pad some frames).
///
/// A truncated frame still decodes (libjpeg fills the rest in gray and only warns), so it has to be caught before
/// decoding; warnings on a whole frame (e.g. extraneous bytes before a marker, common on some webcams) are kept.
enum JPEGFrameCheck {
    static func isComplete(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return false }
        var end = bytes.count
        while end > 2 && bytes[end - 1] == 0 { end -= 1 }
        return end >= 4 && bytes[end - 2] == 0xFF && bytes[end - 1] == 0xD9
    }
}
