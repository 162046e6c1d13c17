import Foundation

/// The short sounds the instrument makes for itself: starting, stopping and calibration steps. Synthesized (soft
/// sine blips with a fast attack and an exponential decay), not read from files.
public enum Cue: Int, Sendable, CaseIterable {
    /// Playing starts: a rising fourth.
    case start
    /// Playing stops: a falling fourth.
    case stop
    /// A calibration point was taken: one short blip.
    case calibrationPoint
    /// Calibration finished: a rising major triad.
    case calibrationDone

    /// The notes (MIDI numbers) played one after the other, each `noteSeconds` long.
    var notes: [Int] {
        switch self {
        case .start: return [76, 81]
        case .stop: return [81, 76]
        case .calibrationPoint: return [88]
        case .calibrationDone: return [72, 76, 79]
        }
    }

    static let noteSeconds = 0.09

    /// How long the cue sounds, in seconds.
    public var duration: Double { Cue.noteSeconds * Double(notes.count) }

    /// The cue rendered at `sampleRate`, peak about 0.5.
    public func render(sampleRate: Double) -> [Float] {
        let perNote = Int(Cue.noteSeconds * sampleRate)
        var samples = [Float](repeating: 0, count: perNote * notes.count)
        let attack = 0.004 * sampleRate
        for (k, midi) in notes.enumerated() {
            let frequency = Note.frequency(midi: Double(midi))
            for i in 0..<perNote {
                let t = Double(i) / sampleRate
                let rise = min(1, Double(i) / attack)
                // Decays to about −40 dB at the end of the note, and reaches exactly zero on its last sample.
                let decay = exp(-t * 50) * Double(perNote - 1 - i) / Double(perNote - 1)
                samples[k * perNote + i] = Float(0.5 * rise * decay * sin(2 * Double.pi * frequency * t))
            }
        }
        return samples
    }
}
