/// Tells the player once when the sound keeps breaking up, and what to do about it. Repeated underruns mean the
/// audio thread does not get to write in time: it is starved of CPU, or a sound server takes more frames at a time
/// than theremin's buffer holds (a PipeWire graph forced to a quantum of 1024 frames pulls 1024 every 21 ms from a
/// buffer of 720: it broke up on every cycle). A longer `--period` cures both; on PipeWire, so does a smaller quantum.
///
/// Feed it the output's underrun count as the session runs; it answers the message the first time `count` underruns
/// fall within `window` seconds, and nil otherwise (one underrun now and then, such as at start-up, says nothing).
public struct BreakUpNotice: Sendable {
    public let count: Int
    public let window: Double
    private let periodMilliseconds: Double
    private let bufferFrames: Int
    private let periods: Int
    /// (time, underruns so far) at each update within the last `window` seconds.
    private var recent: [(time: Double, underruns: Int)] = []
    private var shown = false

    /// - Parameters:
    ///   - periodMilliseconds: the period theremin plays with (`--period`), for the advice.
    ///   - bufferFrames: the device buffer theremin was granted.
    ///   - periods: how many periods that buffer holds.
    public init(periodMilliseconds: Double, bufferFrames: Int, periods: Int = 3, count: Int = 10, window: Double = 2) {
        self.periodMilliseconds = periodMilliseconds
        self.bufferFrames = bufferFrames
        self.periods = periods
        self.count = count
        self.window = window
    }

    /// The notice's text.
    public var message: String {
        let period = periodMilliseconds.rounded() == periodMilliseconds ? String(Int(periodMilliseconds))
            : String((periodMilliseconds * 10).rounded() / 10)
        return "the sound keeps breaking up (\(count) underruns within \(Int(window)) s): the audio thread is starved, "
            + "or the sound server takes more at a time than theremin's buffer of \(bufferFrames) frames "
            + "(\(periods) periods of \(period) ms); play with a longer period (e.g. --period 12), or on PipeWire check "
            + "the quantum with pw-top (docs/guide.md: Low latency on a PipeWire desktop)"
    }

    /// Notes the underruns counted so far at `time` (seconds, any monotonic clock); returns the message the first
    /// time `count` of them happened within `window` seconds.
    public mutating func update(underruns: Int, at time: Double) -> String? {
        guard !shown else { return nil }
        recent.append((time, underruns))
        while let first = recent.first, time - first.time > window { recent.removeFirst() }
        guard let oldest = recent.first, underruns - oldest.underruns >= count else { return nil }
        shown = true
        recent.removeAll()
        return message
    }
}
