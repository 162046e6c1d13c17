// Every raw call ThereminAudio makes for its threads and the process's memory: the scheduling policy, the resource
// limits and the memory lock. The rest of the module sees typed values; errno is read here, right after its call.
import Foundation
import ThereminCore

enum ThreadCalls {
    /// The highest `SCHED_FIFO` priority the system has.
    static var fifoMaximum: Int32 { sched_get_priority_max(SCHED_FIFO) }

    /// Sets the calling thread to `SCHED_FIFO` at `priority`; false when that is not allowed.
    static func makeCurrentThreadFIFO(priority: Int32) -> Bool {
        var parameters = sched_param()
        parameters.sched_priority = priority
        return pthread_setschedparam(pthread_self(), SCHED_FIFO, &parameters) == 0
    }

    /// Whether the calling thread is `SCHED_RR` (what RealtimeKit grants), `SCHED_RESET_ON_FORK` aside.
    static var currentThreadIsRoundRobin: Bool { sched_getscheduler(0) & ~0x4000_0000 == SCHED_RR }

    /// A resource limit the real-time care depends on.
    enum Limit {
        /// `RLIMIT_MEMLOCK`, bytes.
        case lockedMemory
        /// `RLIMIT_RTPRIO`, the highest real-time priority a thread may set itself to.
        case realtimePriority
    }

    /// The soft limit (`UInt64.max` when unlimited), or nil when it cannot be read.
    static func softLimit(_ limit: Limit) -> UInt64? {
        let resource = limit == .lockedMemory ? __RLIMIT_MEMLOCK : __RLIMIT_RTPRIO
        var value = rlimit()
        guard getrlimit(__rlimit_resource_t(resource.rawValue), &value) == 0 else { return nil }
        return value.rlim_cur == rlim_t.max ? .max : UInt64(value.rlim_cur)  // RLIM_INFINITY
    }

    /// Locks the process's memory, now and for later mappings, pages as they are first touched where the kernel
    /// can (`MCL_ONFAULT`, Linux 4.4 and later), else all at once.
    /// - Returns: nil when locked, else the reason.
    static func lockAllMemory() -> Errno? {
        if mlockall(MCL_CURRENT | MCL_FUTURE | MCL_ONFAULT) == 0 { return nil }
        if errno == EINVAL, mlockall(MCL_CURRENT | MCL_FUTURE) == 0 { return nil }
        return Errno.current
    }

    /// Lowers the process's `RLIMIT_RTTIME` (soft and hard) to `microseconds` unless it is already that low, as rtkit
    /// requires; returns what went wrong, or nil.
    ///
    /// Soft and hard are the same: a real-time thread of this program blocks every period (audio) or frame
    /// (tracking), so one that runs this long without blocking is stuck, and SIGXCPU's default action would end the
    /// program anyway.
    static func limitRealtimeRunTime(microseconds: UInt64) -> String? {
        let resource = __rlimit_resource_t(__RLIMIT_RTTIME.rawValue)
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return "RLIMIT_RTTIME unreadable (\(Errno.current))" }
        if limit.rlim_max <= rlim_t(microseconds) { return nil }
        limit.rlim_cur = min(limit.rlim_cur, rlim_t(microseconds))
        limit.rlim_max = rlim_t(microseconds)
        guard setrlimit(resource, &limit) == 0 else {
            return "RLIMIT_RTTIME not settable (\(Errno.current))"
        }
        return nil
    }
}
