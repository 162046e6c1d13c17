import Foundation

extension PlaybackRequest {
    /// The period when the player gives none: 128 frames (PipeWire's quantum; 2.7 ms at 48 kHz) where the audio thread
    /// will get real-time priority, which wakes it within a fraction of that even on a busy machine; otherwise 5 ms,
    /// which a thread at normal priority survives beside a browser or a build.
    public static func automaticPeriodFrames(sampleRate: Int) -> Int {
        RealtimeScheduling.isAvailable ? 128 : Int((Double(sampleRate) * 0.005).rounded())
    }
}

extension RealtimeScheduling {
    /// Whether `request` will set `SCHED_FIFO` itself: the process may raise itself to the audio thread's priority
    /// (`CAP_SYS_NICE`, which root has outside a restricted container, or an rtprio limit that high).
    package static var isAvailable: Bool {
        var limit = rlimit()
        let rtprio = getrlimit(__rlimit_resource_t(__RLIMIT_RTPRIO.rawValue), &limit) == 0 ? limit.rlim_cur : 0
        return hasCapability(sysNice) || rtprio >= rlim_t(granted(audioPriority))
    }

    /// `CAP_SYS_NICE`, which lets a process choose any scheduling policy and priority.
    private static let sysNice = 23
}
