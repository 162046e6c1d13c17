/// What the audio thread plays: the target the per-sample ramps glide towards.
public struct Control: Sendable, Equatable, BitwiseCopyable {
    /// Oscillator frequency in Hz.
    public var frequency: Double
    /// Linear amplitude in [0,1].
    public var amplitude: Double
    /// False when the hand is absent: the voice fades to silence, keeping its last pitch.
    public var gate: Bool
    /// The capture time of the frame this control came from (seconds), for latency measurement.
    public var sourceTime: Double
    /// When the tracker produced it (monotonic seconds; 0 when not measured).
    public var trackedTime: Double

    public init(frequency: Double, amplitude: Double, gate: Bool, sourceTime: Double = 0, trackedTime: Double = 0) {
        self.frequency = frequency
        self.amplitude = amplitude
        self.gate = gate
        self.sourceTime = sourceTime
        self.trackedTime = trackedTime
    }
}
