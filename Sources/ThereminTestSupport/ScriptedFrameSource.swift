import Foundation
import ThereminCore

/// A frame source that plays a script: tiny grey frames at the given capture times, then the end (or a failure), so
/// the tracking loop and the session run in process without a camera, a file or a decoder.
///
/// A session a test ends by a key or a signal needs a source that cannot end first: the frames are handed out as fast
/// as they are asked for, and a tracking thread at real-time priority (granted as root) can get through any number of
/// them before a loaded machine runs the main thread again. `holdOpen` makes the source wait after its script, as a
/// camera does between frames, until it is closed.
public final class ScriptedFrameSource: FrameSource, @unchecked Sendable {
    private let lock = NSCondition()
    private var times: [Double]
    private var next = 0
    private var closed = false
    private let failure: Error?
    private let holdOpen: Bool

    public let name = "scripted"
    public let nominalFrameRate: Double?
    public let frameSize = (width: 4, height: 2)
    public var droppedFrames: Int { 0 }

    /// - Parameters:
    ///   - times: capture times of the frames, in order.
    ///   - frameRate: the nominal rate reported.
    ///   - failure: thrown after the last frame instead of ending.
    ///   - holdOpen: after the last frame, wait until closed instead of ending.
    public init(times: [Double], frameRate: Double? = 30, failure: Error? = nil, holdOpen: Bool = false) {
        self.times = times
        self.nominalFrameRate = frameRate
        self.failure = failure
        self.holdOpen = holdOpen
    }

    /// Frames `0..<count` at `rate` per second from `start`.
    public convenience init(count: Int, rate: Double = 30, start: Double = 100, holdOpen: Bool = false) {
        self.init(times: (0..<count).map { start + Double($0) / rate }, frameRate: rate, holdOpen: holdOpen)
    }

    public func nextFrame() throws -> Frame? {
        lock.lock()
        defer { lock.unlock() }
        while holdOpen && !closed && next >= times.count { lock.wait() }
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
        lock.broadcast()
        lock.unlock()
    }
}
