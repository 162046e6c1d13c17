import Foundation
import ThereminCore

/// Holds at most one frame, the newest: the capture thread posts, the consumer takes. A frame not taken before
/// the next arrives is dropped and counted, so a slow consumer always gets a fresh frame and never a backlog.
final class FrameMailbox: @unchecked Sendable {
    enum Outcome {
        case frame(Frame)
        case failed(V4L2Error)
        case timedOut
        case closed
    }

    private let condition = NSCondition()
    private var frame: Frame?
    private var failure: V4L2Error?
    private var closed = false
    private var counters = CaptureStatistics()
    /// Capture overhead of recent frames (seconds from DQBUF to the frame being posted), for the benchmark.
    private var overheads: [Double] = []
    private static let overheadSamples = 4096

    /// Offers a new frame, replacing (and counting as dropped) one nobody took yet.
    func post(_ newFrame: Frame, overhead: Double) {
        condition.lock()
        if frame != nil { counters.framesDropped += 1 }
        frame = newFrame
        counters.framesCaptured += 1
        if overheads.count < Self.overheadSamples { overheads.append(overhead) }
        condition.signal()
        condition.unlock()
    }

    func countDamaged() {
        condition.lock()
        counters.framesDamaged += 1
        condition.unlock()
    }

    /// Ends the stream with an error: takers get the frame still waiting, then this error, every time.
    func fail(_ error: V4L2Error) {
        condition.lock()
        if failure == nil { failure = error }
        condition.broadcast()
        condition.unlock()
    }

    /// Ends the stream: takers get `.closed` at once.
    func close() {
        condition.lock()
        closed = true
        frame = nil
        condition.broadcast()
        condition.unlock()
    }

    /// Waits up to `timeout` seconds for a frame newer than the last one taken.
    ///
    /// The deadline is on the monotonic clock. `NSCondition` waits until a wall-clock `Date`: a clock set forward
    /// (NTP stepping it after a laptop resumes) would end the wait at once, and with no frame in that instant the
    /// camera would be taken for lost; so each wait is at most `longestWait` and the time left is read again.
    func take(timeout: Double) -> Outcome {
        let deadline = MonotonicClock.now() + timeout
        condition.lock()
        defer { condition.unlock() }
        while true {
            if closed { return .closed }
            if let waiting = frame {
                frame = nil
                counters.framesDelivered += 1
                return .frame(waiting)
            }
            if let failure { return .failed(failure) }
            let left = deadline - MonotonicClock.now()
            if left <= 0 { return .timedOut }
            _ = condition.wait(until: Date(timeIntervalSinceNow: min(left, Self.longestWait)))
        }
    }

    /// The longest single wait in `take`: how late a wall clock set back can make a timeout.
    private static let longestWait = 0.25

    var statistics: CaptureStatistics {
        condition.lock()
        defer { condition.unlock() }
        return counters
    }

    /// Removes and returns the overhead samples gathered so far.
    func drainOverheads() -> [Double] {
        condition.lock()
        defer { condition.unlock() }
        let samples = overheads
        overheads.removeAll(keepingCapacity: true)
        return samples
    }
}
