import Foundation
import ThereminCore

/// A file played "as if it were a camera" (`--input clip.mp4` live): frames are handed out at the times the file
/// gives them, stamped with the monotonic clock when handed out (as a camera stamps its buffers), and a frame whose
/// time has already passed by more than a frame interval is skipped and counted, like a camera's newest-frame-wins
/// queue. A slow tracker therefore drops frames instead of falling behind the sound.
public final class PacedFrameSource: FrameSource, @unchecked Sendable {
    private let source: FrameSource
    private let clock: () -> Double
    private let sleep: (Double) -> Void
    /// Wall time and file time of the first frame, once started. Only the tracking thread reads frames.
    private var start: (wall: Double, file: Double)?
    private var skipped = 0

    /// - Parameters:
    ///   - source: frames with file times (seconds, increasing).
    ///   - clock: the monotonic clock (seconds); replaceable so tests can script time.
    ///   - sleep: waits the given seconds.
    public init(_ source: FrameSource, clock: @escaping () -> Double = MonotonicClock.now,
                sleep: @escaping (Double) -> Void = { Thread.sleep(forTimeInterval: $0) }) {
        self.source = source
        self.clock = clock
        self.sleep = sleep
    }

    public var name: String { source.name }
    public var nominalFrameRate: Double? { source.nominalFrameRate }
    public var frameSize: (width: Int, height: Int) { source.frameSize }
    /// The file's own drops plus the frames skipped for being late.
    public var droppedFrames: Int { source.droppedFrames + skipped }

    /// The next frame that is not already late, once its time has come, stamped with the clock.
    /// - Throws: what the file throws.
    public func nextFrame() throws -> Frame? {
        let interval = 1 / (source.nominalFrameRate ?? 30)
        while var frame = try source.nextFrame() {
            let now = clock()
            let origin = start ?? (now, frame.captureTime)
            start = origin
            let due = origin.wall + (frame.captureTime - origin.file)
            if now - due > interval {
                skipped += 1
                continue
            }
            if due > now { sleep(due - now) }
            frame.captureTime = clock()
            return frame
        }
        return nil
    }

    public func close() { source.close() }
}
