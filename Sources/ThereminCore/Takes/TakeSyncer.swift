import Foundation

/// Syncs a live take's rows to the disk at most once per `interval`, on a thread of its own: a row written now is
/// on the disk within about `interval` (a power cut loses at most that), and neither the tracking thread that
/// writes the rows nor the audio thread ever waits for the disk.
final class TakeSyncer: @unchecked Sendable {
    private let interval: Double
    private let sync: @Sendable () -> Void
    // Guards `dirty` and `stopped`; its wait is the thread's once-per-interval tick.
    private let condition = NSCondition()
    private var dirty = false
    private var stopped = false
    private var running = false
    private let finished = DispatchSemaphore(value: 0)

    /// - Parameter sync: what syncing is (the take's `FileDescriptor.syncData`; tests count the calls).
    init(interval: Double, sync: @escaping @Sendable () -> Void) {
        self.interval = interval
        self.sync = sync
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

    /// Ends the thread (the caller syncs what is left as it closes the file); returns once it has ended.
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
        var next = Date(timeIntervalSinceNow: interval)
        while !stopped {
            // A wake before the deadline (spurious, or `stop()`) loops without syncing: at most one sync an interval.
            if condition.wait(until: next) && Date() < next { continue }
            if dirty && !stopped {
                dirty = false
                condition.unlock()
                sync()
                condition.lock()
            }
            next = Date(timeIntervalSinceNow: interval)
        }
        condition.unlock()
        finished.signal()
    }
}
