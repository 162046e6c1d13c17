import Foundation
import ThereminCore

/// What `--check` asks of the real-time set-up: what the audio, tracking and capture threads would get (asked for
/// real, each on a throwaway thread whose priority ends with it), and the limits behind it.
public enum RealtimeReadiness {
    /// What each of theremin's real-time threads would be granted.
    public static func probeThreads() -> (audio: ThreadScheduling, tracking: ThreadScheduling, capture: ThreadScheduling) {
        (probe(RealtimeScheduling.audioPriority), probe(RealtimeScheduling.trackingPriority),
         probe(RealtimeScheduling.capturePriority))
    }

    /// The soft RLIMIT_RTPRIO, nil when unlimited.
    public static var rtprioLimit: UInt64? { softLimit(.realtimePriority) }

    /// Whether the process may raise itself to any priority (`CAP_SYS_NICE`).
    public static var mayRaiseItself: Bool { RealtimeScheduling.hasCapability(23) }

    /// The soft RLIMIT_MEMLOCK in bytes, nil when unlimited or lifted by `CAP_IPC_LOCK` (what `lockMemory` reads).
    public static var memlockLimit: UInt64? {
        RealtimeScheduling.hasCapability(14) ? nil : softLimit(.lockedMemory)
    }

    /// The soft limit, nil when unlimited, 0 when it cannot be read (what the readiness check reports).
    private static func softLimit(_ limit: ThreadCalls.Limit) -> UInt64? {
        guard let value = ThreadCalls.softLimit(limit) else { return 0 }
        return value == .max ? nil : value
    }

    private static func probe(_ priority: Int32) -> ThreadScheduling {
        final class Answer: @unchecked Sendable { var scheduling = ThreadScheduling.normal(reason: "not asked") }
        let answer = Answer()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            answer.scheduling = RealtimeScheduling.request(priority: priority)
            done.signal()
        }
        thread.name = "theremin-check"
        thread.start()
        done.wait()
        return answer.scheduling
    }
}
