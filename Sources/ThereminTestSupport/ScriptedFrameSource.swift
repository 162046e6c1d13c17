import Foundation
import ThereminCore

/// A frame source that plays a script: tiny grey frames at the given capture times, then the end (or a failure), so
/// the tracking loop and the session run in process without a camera, a file or a decoder.
public final class ScriptedFrameSource: FrameSource, @unchecked Sendable {
    private let lock = NSLock()
    private var times: [Double]
    private var next = 0
    private var closed = false
    private let failure: Error?

    public let name = "scripted"
    public let nominalFrameRate: Double?
    public let frameSize = (width: 4, height: 2)
    public var droppedFrames: Int { 0 }

    /// - Parameters:
    ///   - times: capture times of the frames, in order.
    ///   - frameRate: the nominal rate reported.
    ///   - failure: thrown after the last frame instead of ending.
    public init(times: [Double], frameRate: Double? = 30, failure: Error? = nil) {
        self.times = times
        self.nominalFrameRate = frameRate
        self.failure = failure
    }

    /// Frames `0..<count` at `rate` per second from `start`.
    public convenience init(count: Int, rate: Double = 30, start: Double = 100) {
        self.init(times: (0..<count).map { start + Double($0) / rate }, frameRate: rate)
    }

    public func nextFrame() throws -> Frame? {
        lock.lock()
        defer { lock.unlock() }
        guard !closed, next < times.count else {
            if !closed, let failure { throw failure }
            return nil
        }
        defer { next += 1 }
        return Frame(width: 4, height: 2, bytesPerRow: 12, pixels: [UInt8](repeating: 128, count: 24),
                     captureTime: times[next], sequence: UInt64(next))
    }

    public func close() {
        lock.lock()
        closed = true
        lock.unlock()
    }
}
