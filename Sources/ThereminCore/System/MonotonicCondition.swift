import Foundation

/// A lock and condition whose timed waits run on the monotonic clock (`pthread_condattr_setclock`), so a wall
/// clock set back or forward (NTP after a resume, a user changing the time) never stretches or cuts a wait.
/// `NSCondition` waits until a wall-clock `Date`; every timed wait of the program goes through this instead.
public final class MonotonicCondition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` with the lock held.
    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Wakes one waiter (call with the lock held).
    public func signal() { pthread_cond_signal(condition) }
    /// Wakes every waiter (call with the lock held).
    public func broadcast() { pthread_cond_broadcast(condition) }

    /// Waits, the lock held, until signalled (or woken spuriously: check the condition again).
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits, the lock held, until signalled or until `MonotonicClock.now()` reaches `deadline`.
    /// - Returns: false once the deadline has passed; true for a wake before it (a signal, or spurious).
    @discardableResult
    public func wait(until deadline: Double) -> Bool {
        guard deadline.isFinite else {
            if deadline > 0 { wait() }
            return deadline > 0
        }
        let seconds = deadline.rounded(.down)
        var time = timespec(tv_sec: Int(max(seconds, 0)), tv_nsec: Int(max(deadline - seconds, 0) * 1e9))
        if time.tv_nsec >= 1_000_000_000 { time.tv_nsec = 999_999_999 }
        return pthread_cond_timedwait(condition, mutex, &time) != ETIMEDOUT
    }

    /// Waits, the lock held, at most `seconds` on the monotonic clock; false when the time ran out.
    @discardableResult
    public func wait(seconds: Double) -> Bool {
        wait(until: MonotonicClock.now() + seconds)
    }
}
