/// What one thread got when it asked for real-time scheduling, for `-v`'s scheduling line and the refusal notice.
/// Granted by the hardware side (`ThreadScheduler`); the session only reports it.
public enum ThreadScheduling: Equatable, Sendable {
    /// `SCHED_FIFO` set by the thread itself (root, `CAP_SYS_NICE`, or an rtprio limit such as the audio group's).
    case fifo(priority: Int32)
    /// `SCHED_RR` granted by RealtimeKit, for a user who may not set it (capped by rtkit's MaxRealtimePriority).
    case realtimeKit(priority: Int32)
    /// Normal scheduling; `reason` says why rtkit did not help either (e.g. "no system D-Bus").
    case normal(reason: String)

    public var isRealtime: Bool {
        if case .normal = self { return false }
        return true
    }

    /// E.g. "SCHED_FIFO 70", "SCHED_RR 20 via rtkit", "normal (SCHED_FIFO refused; rtkit: no system D-Bus)".
    public var description: String {
        switch self {
        case .fifo(let priority): "SCHED_FIFO \(priority)"
        case .realtimeKit(let priority): "SCHED_RR \(priority) via rtkit"
        case .normal(let reason): "normal (SCHED_FIFO refused; rtkit: \(reason))"
        }
    }

    /// `-v`'s one line on what the threads that ask for real-time scheduling got (nil: the thread does not run or
    /// did not ask), e.g. "scheduling: audio thread SCHED_RR 20 via rtkit, tracking thread SCHED_RR 10 via rtkit,
    /// capture thread SCHED_RR 5 via rtkit; the rest normal".
    public static func summary(audio: ThreadScheduling?, tracking: ThreadScheduling?,
                               capture: ThreadScheduling? = nil) -> String {
        let threads = [("audio", audio), ("tracking", tracking), ("capture", capture)].compactMap { name, scheduling in
            scheduling.map { "\(name) thread \($0.description)" }
        }
        let rest = capture == nil ? "capture and the rest normal" : "the rest normal"
        return "scheduling: " + (threads.isEmpty ? "" : threads.joined(separator: ", ") + "; ") + rest
    }
}
