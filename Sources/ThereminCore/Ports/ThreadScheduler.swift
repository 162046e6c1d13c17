/// The scheduling port: what the tracking thread asks of the system when it starts (a name for `top -H`, real-time
/// priority under the audio thread's). ThereminAudio's `RealtimeThreads` asks the kernel or RealtimeKit; without
/// one (tests) the thread runs at normal priority and reports nothing.
public protocol ThreadScheduler: Sendable {
    /// Called on the tracking thread as it starts; returns what it got.
    func prepareTrackingThread() -> ThreadScheduling
}
