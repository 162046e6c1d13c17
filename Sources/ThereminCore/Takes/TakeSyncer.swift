import Foundation

/// Syncs a live take's rows to the disk at most once per `interval`, on a thread of its own: a row written now is
/// on the disk within about `interval` (a power cut loses at most that), and neither the tracking thread that
/// writes the rows nor the audio thread ever waits for the disk.
final class TakeSyncer: @unchecked Sendable {
    private let descriptor: Int32
    private let interval: Double
    // Guards `dirty` and `stopped`; its wait is the thread's once-per-interval tick.
    private let condition = NSCondition()
    private var dirty = false
    private var stopped = false
    private var running = false
    private let finished = DispatchSemaphore(value: 0)

    /// - Parameter descriptor: the take's open file; it must stay open until `stop()` returns.
    init(descriptor: Int32, interval: Double) {
        self.descriptor = descriptor
        self.interval = interval
    }

    func start() {
        running = true
        let thread = Thread { [self] in run() }
        thread.name = "theremin take sync"
        thread.start()
    }

    /// Notes that rows were written since the last sync (cheap: a lock held for one assignment).
    func noteWrite() {
        condition.lock()
        dirty = true
        condition.unlock()
    }

    /// Syncs what is left and ends the thread; returns once it has.
    func stop() {
        guard running else { return }
        running = false
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
        finished.wait()
    }

    private func run() {
        condition.lock()
        while !stopped {
            _ = condition.wait(until: Date(timeIntervalSinceNow: interval))
            if dirty && !stopped {
                dirty = false
                condition.unlock()
                _ = fdatasync(descriptor)
                condition.lock()
            }
        }
        condition.unlock()
        finished.signal()
    }
}
