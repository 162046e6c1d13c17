/// Keeps a real-time thread that cannot keep up from running flat out: over any stretch it may be busy for at most
/// `share` of the time, and is told to rest for the rest. The kernel throttles real-time threads once they take 95 %
/// of a second between them (`sched_rt_runtime_us`), and beside other real-time work (a soft synth, a spinner
/// standing for a slower machine) a tracking thread that never sleeps brings that throttling on, stalling the audio
/// thread with it. Pure: busy and idle times in, a rest out.
public struct DutyBudget: Sendable {
    /// The most of its time the thread may be busy.
    public let share: Double
    /// The most idle time that may be saved up for a burst (seconds): a burst of busy frames after a quiet spell
    /// lasts at most `savings / (1 - share)`.
    public let savings: Double
    /// Idle time owed (negative) or saved (positive), in seconds weighted by the share.
    private var credit = 0.0

    public init(share: Double = 0.8, savings: Double = 0.1) {
        self.share = share
        self.savings = savings
    }

    /// Takes one cycle of the thread: `busy` seconds of work after `idle` seconds waiting for it (not counting a rest
    /// this returned before); returns how long it must rest before the next (0 while it is within its share).
    public mutating func rest(busy: Double, idle: Double) -> Double {
        credit = min(credit + max(0, idle) * share - max(0, busy) * (1 - share), savings)
        guard credit < 0 else { return 0 }
        let owed = -credit / share
        credit = 0
        return owed
    }
}
