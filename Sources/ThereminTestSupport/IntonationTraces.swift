import Foundation
import ThereminCore

/// Generated performances with known intonation, for the report's tests: notes held at set cent offsets, glides
/// between them and stretches without a hand, at 30 frames a second through the default mapping (or the one given:
/// the hand is placed where that mapping's law plays each pitch).
public enum IntonationTraces {
    public enum Step: Sendable {
        /// Hold `midi` at `cents` off for `seconds`.
        case hold(midi: Int, cents: Double, seconds: Double)
        /// Hold `midi` at `cents` off for `seconds`, swinging ±`depth` cents `rate` times a second.
        case vibrato(midi: Int, cents: Double, rate: Double, depth: Double, seconds: Double)
        /// Glide from the previous hold's height to the next one's (a vibrato's centre), in `seconds`.
        case glide(seconds: Double)
        /// No hand for `seconds`.
        case absent(seconds: Double)
    }

    public static let frameRate = 30.0

    /// A short practice: C4 held 7 cents sharp, a glide to E4 held 18 flat, no hand for half a second, G4 in tune,
    /// a glide back to C4 +7. Every hold lasts 1.5 s.
    public static let practicePerformance: [Step] = [
        .hold(midi: 60, cents: 7, seconds: 1.5), .glide(seconds: 0.3), .hold(midi: 64, cents: -18, seconds: 1.5),
        .absent(seconds: 0.5), .hold(midi: 67, cents: 0, seconds: 1.5), .glide(seconds: 0.3),
        .hold(midi: 60, cents: 7, seconds: 1.5),
    ]

    /// The trace of `steps`, heights placed by `mapping` (default: 440 − 220 y).
    public static func trace(_ steps: [Step], mapping: Mapping = Mapping()) -> Trace {
        func height(_ midi: Int, _ cents: Double) -> Double {
            mapping.y(forFrequency: Note.frequency(midi: Double(midi) + cents / 100)) ?? 0.5
        }
        var samples: [HandSample] = []
        var previousY: Double?
        func emit(_ count: Int, _ y: (Int) -> Double?) {
            for i in 0..<count {
                let t = Double(samples.count) / frameRate
                if let y = y(i) {
                    let position = mapping.cameraPosition(pitch: y, loudness: 0.8)
                    samples.append(HandSample(t: t, x: position.x, y: position.y, present: true))
                } else {
                    samples.append(.absent(at: t))
                }
            }
        }
        for (index, step) in steps.enumerated() {
            switch step {
            case .hold(let midi, let cents, let seconds):
                let y = height(midi, cents)
                emit(Int((seconds * frameRate).rounded())) { _ in y }
                previousY = y
            case .vibrato(let midi, let cents, let rate, let depth, let seconds):
                emit(Int((seconds * frameRate).rounded())) { i in
                    height(midi, cents + depth * sin(2 * .pi * rate * Double(i) / frameRate))
                }
                previousY = height(midi, cents)
            case .glide(let seconds):
                let from = previousY ?? 0.5
                var to = from
                if index + 1 < steps.count {
                    switch steps[index + 1] {
                    case .hold(let midi, let cents, _), .vibrato(let midi, let cents, _, _, _): to = height(midi, cents)
                    default: break
                    }
                }
                let count = Int((seconds * frameRate).rounded())
                emit(count) { from + (to - from) * Double($0 + 1) / Double(count + 1) }
            case .absent(let seconds):
                emit(Int((seconds * frameRate).rounded())) { _ in nil }
                previousY = nil
            }
        }
        return Trace(samples: samples)
    }

    /// The trace as the CSV a recording would be.
    public static func csv(_ trace: Trace) -> String {
        var text = "# theremin-trace 1\nt,x,y,present\n"
        for sample in trace.samples {
            text += sample.present ? "\(sample.t),\(sample.x),\(sample.y),1\n" : "\(sample.t),,,0\n"
        }
        return text
    }
}
