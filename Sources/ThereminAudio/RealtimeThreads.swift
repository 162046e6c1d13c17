import ThereminCore

/// The session's scheduling port on this machine: the tracking thread is named `theremin-track` for the kernel and
/// asks for real-time priority under the audio thread's (on a busy laptop a tracking thread at normal priority is
/// preempted mid-frame and the camera drops the next one; without an rtprio limit rtkit is asked); a camera's capture
/// thread is named `theremin-camera` and asks for less than the tracking thread.
public struct RealtimeThreads: ThreadScheduler {
    private let tracking: Int32
    private let capture: Int32

    /// - Parameter audioPriority: the `SCHED_FIFO` priority the thread that renders the sound runs at when another
    ///   program sets it (a JACK server's process thread, often 10 or less): tracking and capture then stay under
    ///   it, so they never preempt the sound. Nil: theremin's own audio thread, at `RealtimeScheduling.audioPriority`.
    public init(audioPriority: Int32? = nil) {
        let audio = min(audioPriority ?? RealtimeScheduling.audioPriority, RealtimeScheduling.audioPriority)
        let below = RealtimeScheduling.audioPriority - audio
        tracking = max(1, RealtimeScheduling.trackingPriority - below)
        capture = max(1, min(tracking, RealtimeScheduling.capturePriority - below))
    }

    public func prepareTrackingThread() -> ThreadScheduling {
        nameCurrentThread("theremin-track")
        return RealtimeScheduling.request(priority: tracking)
    }

    public func prepareCaptureThread() -> ThreadScheduling {
        nameCurrentThread("theremin-camera")
        return RealtimeScheduling.request(priority: capture)
    }
}
