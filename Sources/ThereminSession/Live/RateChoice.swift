import ThereminCore

/// The tracking rate in force and why, as `-v` prints it when it changes and `--stats` at the end.
public struct RateChoice: Sendable, Equatable {
    public var rate: TrackingRate
    /// "tracking takes 24.0 ms a frame (p90) against 16.7 ms between frames at 60 fps: tracking every second frame of
    /// 60 fps (30 fps)".
    public var reason: String
    /// How many times the rate was chosen so far (the first assessment counts): a display prints each once.
    public var decisions: Int

    public init(rate: TrackingRate, reason: String, decisions: Int) {
        self.rate = rate
        self.reason = reason
        self.decisions = decisions
    }

    /// "rate: …", one line.
    public var line: String { "rate: \(reason)" }
}
