import Foundation

/// Syncs a live take's rows to the disk at most once per `interval`, on a thread of its own: a row written now is
/// on the disk within about `interval` (a power cut loses at most that), and neither the tracking thread that
/// writes the rows nor the audio thread ever waits for the disk.
final class TakeSyncer: @unchecked Sendable {
    private let interval: Double
    private let clock: any TimeSource
    private let longestWait: Double
    private let sync: @Sendable () -> Void
    // Guards `dirty` and `stopped`; its wait is the thread's once-per-interval tick, on the monotonic clock.
    private let condition = MonotonicCondition()
    private var dirty = false
    private var stopped = false
    private var running = false
    private let finished = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - clock: what the interval is measured on: the monotonic clock; a test gives its own.
    ///   - longestWait: the longest single wait before `clock` is read again (a test's clock moves without
    ///     waking the thread); at most `interval`.
    ///   - sync: what syncing is (the take's `FileDescriptor.syncData`; tests count the calls).
    init(interval: Double, clock: any TimeSource = SystemTimeSource(), longestWait: Double? = nil,
         sync: @escaping @Sendable () -> Void) {
        self.interval = interval
        self.clock = clock
        self.longestWait = min(longestWait ?? interval, interval)
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
        condition.withLock { dirty = true }
    }

    /// Ends the thread (the caller syncs what is left as it closes the file); returns once it has ended.
    func stop() {
        guard running else { return }
        running = false
        condition.withLock {
            stopped = true
            condition.signal()
        }
        finished.wait()
    }

    private func run() {
        condition.lock()
        var start = clock.now()
        while !stopped {
            let now = clock.now()
            // A clock that went back starts the interval again from now: a sync is late by one interval at most.
            if now < start { start = now }
            let left = start + interval - now
            if left > 0 {
                // A wake before the interval is over (spurious, or `stop()`) loops: at most one sync an interval.
                condition.wait(seconds: min(left, longestWait))
                continue
            }
            if dirty {
                dirty = false
                condition.unlock()
                sync()
                condition.lock()
            }
            start = clock.now()
        }
        condition.unlock()
        finished.signal()
    }
}
