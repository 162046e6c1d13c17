import FakeCameraCore

/// Which MJPEG frames the fake camera damages with `--corrupt-jpeg EVERY,SEED`, from the same C definition the
/// camera uses, so a test knows which sequence numbers must never arrive.
public enum JPEGCorruption: Equatable {
    case none
    /// Only the first third of the JPEG.
    case truncated
    /// Random bytes of the frame's length.
    case garbage
    /// `bytesused` 0.
    case empty

    /// How frame `sequence` is damaged.
    public static func of(sequence: UInt64, every: Int, seed: UInt64) -> JPEGCorruption {
        switch fake_corruption_at(seed, UInt32(clamping: every), sequence) {
        case FAKE_CORRUPTION_TRUNCATED: .truncated
        case FAKE_CORRUPTION_GARBAGE: .garbage
        case FAKE_CORRUPTION_EMPTY: .empty
        default: .none
        }
    }
}
