import Foundation

/// Real-time scheduling for the audio thread, asked for politely: granted as root or with an rtprio limit,
/// otherwise the thread runs at normal priority and the caller prints one notice.
enum RealtimeScheduling {
    /// Tries SCHED_FIFO at a middling priority for the calling thread; returns true when granted.
    static func request(priority: Int32 = 70) -> Bool {
        var parameters = sched_param()
        parameters.sched_priority = min(priority, sched_get_priority_max(SCHED_FIFO))
        return pthread_setschedparam(pthread_self(), SCHED_FIFO, &parameters) == 0
    }
}
