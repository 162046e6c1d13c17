import ThereminCore

/// The session's scheduling port on this machine: the tracking thread is named `theremin-track` for the kernel and
/// asks for real-time priority under the audio thread's (on a busy laptop a tracking thread at normal priority is
/// preempted mid-frame and the camera drops the next one; without an rtprio limit rtkit is asked); a camera's capture
/// thread is named `theremin-camera` and asks for less than the tracking thread.
public struct RealtimeThreads: ThreadScheduler {
    public init() {}

    public func prepareTrackingThread() -> ThreadScheduling {
        nameCurrentThread("theremin-track")
        return RealtimeScheduling.request(priority: RealtimeScheduling.trackingPriority)
    }

    public func prepareCaptureThread() -> ThreadScheduling {
        nameCurrentThread("theremin-camera")
        return RealtimeScheduling.request(priority: RealtimeScheduling.capturePriority)
    }
}
