/// The scheduling port: what the tracking and camera capture threads ask of the system when they start (a name for
/// `top -H`, real-time priority under the audio thread's). ThereminAudio's `RealtimeThreads` asks the kernel or
/// RealtimeKit; without one (tests) the threads run at normal priority and report nothing.
public protocol ThreadScheduler: Sendable {
    /// Called on the tracking thread as it starts; returns what it got.
    func prepareTrackingThread() -> ThreadScheduling
    /// Called on a camera's capture thread as it starts (again for each reopened camera); returns what it got.
    func prepareCaptureThread() -> ThreadScheduling
}
