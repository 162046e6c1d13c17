/// What the player asks of the sound device; the device may grant something close to it.
public struct PlaybackRequest: Sendable, Equatable {
    /// ALSA PCM name: `default` shares the card through the desktop's sound server.
    public var device: String
    public var sampleRate: Int
    public var channels: Int
    /// Period length in frames (about 5 ms at 48 kHz).
    public var periodFrames: Int
    /// Periods in the buffer (2–3 keeps latency low while surviving scheduling hiccups).
    public var periods: Int
    /// Whether the audio thread adapts how much it keeps queued (`QueueDepth`: one period while the machine wakes it on
    /// time, more after underruns): when the player left the period to theremin. A period the player chose keeps its
    /// whole buffer queued. Set by `adaptingDepth()`, which also makes the buffer room for it.
    public var adaptsDepth = false
    /// Seconds of punctual wake-ups before the queue goes shallow (`QueueDepth.calm`).
    public var depthCalm = 5.0
    /// Receives the one notice (at most once per process) when the audio thread is refused real-time priority or
    /// locked memory. Called by `AudioOutput.start` on the caller's thread, never from the audio thread, which must
    /// not do I/O. Not part of equality.
    public var notice: (@Sendable (String) -> Void)?

    public init(device: String = "default", sampleRate: Int = 48_000, channels: Int = 2,
                periodFrames: Int = 240, periods: Int = 3) {
        self.device = device
        self.sampleRate = sampleRate
        self.channels = channels
        self.periodFrames = periodFrames
        self.periods = periods
    }

    /// This request with the depth adapting, in a buffer of `QueueDepth.bufferPeriods` periods.
    public func adaptingDepth() -> PlaybackRequest {
        var request = self
        request.adaptsDepth = true
        request.periods = QueueDepth.bufferPeriods
        return request
    }

    public static func == (a: PlaybackRequest, b: PlaybackRequest) -> Bool {
        a.device == b.device && a.sampleRate == b.sampleRate && a.channels == b.channels
            && a.periodFrames == b.periodFrames && a.periods == b.periods && a.adaptsDepth == b.adaptsDepth
            && a.depthCalm == b.depthCalm
    }
}
