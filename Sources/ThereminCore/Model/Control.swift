import Foundation

/// What the audio thread plays: the target the per-sample ramps glide towards, and the path the hand is expected to
/// take after the frame (`pitchSlope`, `amplitudeSlope` for up to `horizon` seconds), which the sound follows
/// between frames and ahead over the pipeline's latency.
public struct Control: Sendable, Equatable, BitwiseCopyable {
    /// Oscillator frequency in Hz.
    public var frequency: Double
    /// Linear amplitude in [0,1].
    public var amplitude: Double
    /// False when the hand is absent: the voice fades to silence, keeping its last pitch.
    public var gate: Bool
    /// The capture time of the frame this control came from (seconds), for latency measurement and prediction.
    public var sourceTime: Double
    /// When the tracker produced it (monotonic seconds; 0 when not measured).
    public var trackedTime: Double
    /// How the pitch moves after the frame, in octaves per second (0: held).
    public var pitchSlope: Double = 0
    /// Straight along `pitchSlope`, or around a vibrato's centre (log2 Hz).
    public var pitchPath = SwingPath.straight
    /// How the amplitude moves after the frame, per second.
    public var amplitudeSlope: Double = 0
    /// For how long after `sourceTime` the path may be followed (seconds).
    public var horizon: Double = 0
    /// The span the path stays within: log2 of the frequency, and the amplitude.
    public var lowestPitch = -Double.infinity
    public var highestPitch = Double.infinity
    public var lowestAmplitude = 0.0
    public var highestAmplitude = 1.0

    public init(frequency: Double, amplitude: Double, gate: Bool, sourceTime: Double = 0, trackedTime: Double = 0) {
        self.frequency = frequency
        self.amplitude = amplitude
        self.gate = gate
        self.sourceTime = sourceTime
        self.trackedTime = trackedTime
    }

    /// The control `ahead` seconds after its frame, along its path.
    public func advanced(by ahead: Double) -> Control {
        guard horizon > 0, ahead > 0 else { return self }
        let tau = min(ahead, horizon)
        var moved = self
        let pitch = min(max(log2(frequency) + pitchPath.offset(slope: pitchSlope, after: tau), lowestPitch),
                        highestPitch)
        moved.frequency = exp2(pitch)
        moved.pitchSlope = pitchPath.slope(pitchSlope, after: tau)
        moved.pitchPath = pitchPath.advanced(slope: pitchSlope, by: tau)
        moved.amplitude = min(max(amplitude + amplitudeSlope * tau, lowestAmplitude), highestAmplitude)
        moved.horizon = horizon - tau
        return moved
    }
}
