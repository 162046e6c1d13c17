import Foundation
import ThereminCore

/// What is heard of a stream of controls, as the live audio thread plays them: at each moment the newest control
/// that has reached the sound (its frame's capture time plus the pipeline's latency), carried along its path to that
/// moment (`LiveRenderer`). The voice's 1 ms pitch glide is left out: it moves the heard pitch by far less than the
/// tests' margins.
public struct ControlPlayback: Sendable {
    /// Seconds from a frame's capture until its control is heard.
    public var latency: Double

    public init(latency: Double) {
        self.latency = latency
    }

    /// The heard frequency (Hz) every `step` seconds over `span`, where some control has been heard; nil where the
    /// gate is closed.
    public func heard(_ controls: [Control], over span: ClosedRange<Double>, step: Double = 0.001)
        -> [(t: Double, frequency: Double?)] {
        let ordered = controls.sorted { $0.sourceTime < $1.sourceTime }
        var result: [(Double, Double?)] = []
        var next = 0
        var current: Control?
        var t = span.lowerBound
        while t <= span.upperBound {
            while next < ordered.count, ordered[next].sourceTime + latency <= t {
                current = ordered[next]
                next += 1
            }
            if let control = current {
                let moved = control.advanced(by: t - control.sourceTime)
                result.append((t, moved.gate ? moved.frequency : nil))
            }
            t += step
        }
        return result
    }
}
