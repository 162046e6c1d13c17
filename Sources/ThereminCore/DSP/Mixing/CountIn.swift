import Foundation

/// The count-in before a play-along: one bar of clicks at the score's opening tempo, the first of the bar higher,
/// rendered whole before playing (as the cues are) and played as the backing's lead-in, so the clicks, the backing
/// and the score's first beat share one sample clock.
public enum CountIn {
    /// The click's pitch (Hz): the bar's first beat, and the others.
    static let accent = 1_760.0, beat = 1_320.0
    static let clickSeconds = 0.03

    /// `beats` clicks `seconds` apart at `sampleRate`, peak `volume`, lasting the whole bar.
    public static func render(beats: Int, seconds: Double, sampleRate: Double, volume: Double = 0.5) -> [Float] {
        let spacing = Int((seconds * sampleRate).rounded())
        var samples = [Float](repeating: 0, count: max(0, beats) * spacing)
        let length = min(spacing, Int(clickSeconds * sampleRate))
        for index in 0..<max(0, beats) {
            let frequency = index == 0 ? accent : beat
            for i in 0..<length {
                let t = Double(i) / sampleRate
                let envelope = min(1, t / 0.002) * exp(-t * 120) * Double(length - 1 - i) / Double(max(1, length - 1))
                samples[index * spacing + i] = Float(volume * envelope * sin(2 * .pi * frequency * t))
            }
        }
        return samples
    }
}
