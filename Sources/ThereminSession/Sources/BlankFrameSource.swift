import ThereminCore

/// Frames of one plain colour with file times `i / frameRate`: the picture of a session that has no camera (the
/// demo, whose hand comes from a generated trace). Wrapped in `PacedFrameSource` it runs at a camera's pace, so the
/// live session, its display and its sound run exactly as with a camera.
public final class BlankFrameSource: FrameSource, @unchecked Sendable {
    public let name: String
    public let frameCount: Int
    public let frameRate: Double
    public let frameSize: (width: Int, height: Int)
    public var nominalFrameRate: Double? { frameRate }
    public var droppedFrames: Int { 0 }
    /// One picture shared by every frame (arrays are copied on write; nobody writes).
    private let pixels: [UInt8]
    /// Only the tracking thread reads frames.
    private var next = 0
    private var closed = false

    /// - Parameters:
    ///   - grey: the picture's brightness (0–255).
    public init(name: String, frameCount: Int, frameRate: Double, width: Int = 640, height: Int = 480, grey: UInt8 = 32) {
        self.name = name
        self.frameCount = max(0, frameCount)
        self.frameRate = frameRate
        frameSize = (max(1, width), max(1, height))
        pixels = [UInt8](repeating: grey, count: frameSize.width * frameSize.height * 3)
    }

    /// The next frame, nil after the last or once closed.
    public func nextFrame() -> Frame? {
        guard !closed, next < frameCount else { return nil }
        defer { next += 1 }
        return Frame(width: frameSize.width, height: frameSize.height, bytesPerRow: frameSize.width * 3, pixels: pixels,
                     captureTime: Double(next) / frameRate, sequence: UInt64(next))
    }

    public func close() {
        closed = true
    }
}
