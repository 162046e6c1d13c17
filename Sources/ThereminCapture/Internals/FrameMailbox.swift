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

    private let condition = MonotonicCondition()
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

    /// Waits up to `timeout` seconds for a frame newer than the last one taken (on the monotonic clock: the wall
    /// clock set forward must not end the wait at once, and the camera be taken for lost).
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
            if MonotonicClock.now() >= deadline { return .timedOut }
            condition.wait(until: deadline)
        }
    }

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
