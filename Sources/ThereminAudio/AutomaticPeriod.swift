import Foundation
import Synchronization

extension PlaybackRequest {
    /// The period when the player gives none: 128 frames (PipeWire's quantum; 2.7 ms at 48 kHz) where the audio thread
    /// will get real-time priority, which wakes it within a fraction of that even on a busy machine; otherwise 5 ms,
    /// which a thread at normal priority survives beside a browser or a build.
    public static func automaticPeriodFrames(sampleRate: Int) -> Int {
        RealtimeScheduling.willBeGranted ? 128 : Int((Double(sampleRate) * 0.005).rounded())
    }
}

extension RealtimeScheduling {
    /// Whether `request` will set `SCHED_FIFO` itself: the process may raise itself to the audio thread's priority
    /// (`CAP_SYS_NICE`, which root has outside a restricted container, or an rtprio limit that high).
    package static var isAvailable: Bool {
        let rtprio = ThreadCalls.softLimit(.realtimePriority) ?? 0
        return hasCapability(sysNice) || rtprio >= UInt64(granted(audioPriority))
    }

    /// Whether the audio thread will be real-time: `isAvailable`, or else RealtimeKit makes a throwaway thread
    /// `SCHED_RR` (whether polkit lets this user's session ask can only be learnt by asking). Asked once a process:
    /// an ordinary user on a desktop with rtkit then plays at the short period, as root does.
    package static var willBeGranted: Bool {
        if isAvailable { return true }
        return realtimeKitProbe.withLock { known in
            if let known { return known }
            let granted = realtimeKitGrantsAThread()
            known = granted
            return granted
        }
    }

    private static let realtimeKitProbe = Mutex<Bool?>(nil)

    /// Asks rtkit for a thread of its own, which then ends: its real-time priority ends with it.
    private static func realtimeKitGrantsAThread() -> Bool {
        final class Answer: @unchecked Sendable { var granted = false }
        let answer = Answer()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            if case .success = RealtimeKit.makeCurrentThreadRealtime(below: 0) { answer.granted = true }
            done.signal()
        }
        thread.name = "theremin-rtkit-probe"
        thread.start()
        done.wait()
        return answer.granted
    }

    /// `CAP_SYS_NICE`, which lets a process choose any scheduling policy and priority.
    private static let sysNice = 23
}
