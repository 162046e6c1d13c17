import Foundation
import Synchronization
import ThereminCore

/// Real-time care for the audio thread, asked for politely: `SCHED_FIFO` for the thread and locked memory for the
/// process, granted to root or to a user with rtprio and memlock limits (the `audio` group on most distributions);
/// without the right to set `SCHED_FIFO`, RealtimeKit is asked for `SCHED_RR`. When all is refused the thread plays
/// at normal priority, and the caller gets one notice to show.
package enum RealtimeScheduling {
    /// The audio thread's `SCHED_FIFO` priority; the threads feeding it ask for less.
    package static let audioPriority: Int32 = 70

    /// The tracking thread's: under the audio thread, above everything else (a camera driver's is 50).
    package static let trackingPriority: Int32 = audioPriority - 10

    /// A camera's capture thread's: under the tracking thread, above a camera driver's 50 and all normal work. At
    /// normal priority, other real-time work on the machine (a busy test suite's threads, a video decoder feeding a
    /// test camera) kept it from re-queueing buffers for up to 2 s, and the camera was taken for lost and reopened.
    package static let capturePriority: Int32 = trackingPriority - 5

    /// The priority a request for `priority` gets when granted.
    package static func granted(_ priority: Int32) -> Int32 { min(priority, ThreadCalls.fifoMaximum) }

    /// Real-time scheduling for the calling thread: `SCHED_FIFO` at `priority` when the thread may set it, else
    /// `SCHED_RR` from RealtimeKit at the same distance under rtkit's maximum as `priority` is under the audio
    /// thread's, else normal with the reason.
    package static func request(priority: Int32 = audioPriority) -> ThreadScheduling {
        if ThreadCalls.makeCurrentThreadFIFO(priority: granted(priority)) { return .fifo(priority: granted(priority)) }
        switch RealtimeKit.makeCurrentThreadRealtime(below: max(0, audioPriority - priority)) {
        case .success(let priority): return .realtimeKit(priority: priority)
        case .failure(let refusal): return .normal(reason: refusal.reason)
        }
    }

    /// What became of the request to lock the process's memory.
    package enum MemoryLock: Equatable, Sendable {
        case locked
        /// Not tried: the memlock limit would let later allocations fail instead (bytes; the limit is finite).
        case limited(bytes: UInt64)
        /// `mlockall` refused (errno).
        case refused(errno: Int32)
    }

    private static let memoryState = Mutex<MemoryLock?>(nil)

    /// Locks the process's memory once per process (later calls return the first result), so no page the audio
    /// thread touches is ever swapped out.
    ///
    /// `MCL_ONFAULT` locks pages as they are first touched rather than faulting in every mapping now: the render
    /// buffers are touched before playback starts, and large reservations (thread stacks, malloc arenas, a
    /// sanitizer's shadow memory) are not made resident for nothing. With `MCL_FUTURE` every later mapping counts
    /// against the memlock limit, so the lock is only taken when the limit cannot be reached (unlimited, or
    /// `CAP_IPC_LOCK`); otherwise a later `malloc` could fail mid-performance.
    package static func lockMemory() -> MemoryLock {
        memoryState.withLock { state in
            if let state { return state }
            let result = attemptMemoryLock()
            state = result
            return result
        }
    }

    private static func attemptMemoryLock() -> MemoryLock {
        if let bytes = ThreadCalls.softLimit(.lockedMemory), bytes != .max, !hasCapability(ipcLock) {
            return .limited(bytes: bytes)
        }
        return ThreadCalls.lockAllMemory().map { .refused(errno: $0.rawValue) } ?? .locked
    }

    /// `CAP_IPC_LOCK`, which lifts the memlock limit.
    private static let ipcLock = 14

    /// Whether the process holds a capability in its effective set (`CapEff` in /proc/self/status).
    static func hasCapability(_ bit: Int) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("CapEff:") }),
              let mask = UInt64(line.dropFirst("CapEff:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return false }
        return mask & (1 << UInt64(bit)) != 0
    }

    private static let noticeGiven = Atomic<Bool>(false)

    /// The one-line notice for what was refused, or nil when everything was granted or the notice was already given
    /// in this process.
    static func notice(scheduling: ThreadScheduling, memory: MemoryLock) -> String? {
        var refused: [String] = []
        if case .normal(let reason) = scheduling {
            refused.append("real-time priority (no rtprio limit; rtkit: \(reason))")
        }
        switch memory {
        case .locked: break
        case .limited(let bytes): refused.append("locked memory (memlock limit \(bytes / 1024) KiB)")
        case .refused(let code): refused.append("locked memory (\(Errno(rawValue: code)))")
        }
        guard !refused.isEmpty, !noticeGiven.exchange(true, ordering: .relaxed) else { return nil }
        return "note: the audio thread runs without " + refused.joined(separator: " and ")
            + "; playing anyway. Under load, raise the limits (e.g. `@audio - rtprio 95` and `@audio - memlock "
            + "unlimited` in /etc/security/limits.d/, then join the audio group), run RealtimeKit (Debian package rtkit) "
            + "or use a longer --period"
    }
}
