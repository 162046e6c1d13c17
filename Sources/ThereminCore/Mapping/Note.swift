import Foundation

/// Equal-tempered note names with A4 = 440 Hz: parsing "A3", "C#4", "Bb2" or "261.6" / "261.6Hz", and naming a
/// frequency with its cents offset for displays.
public enum Note {
    public static let names = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]

    /// Frequency of a MIDI note number (69 = A4 = 440 Hz); fractional numbers give in-between pitches.
    public static func frequency(midi: Double) -> Double {
        440 * exp2((midi - 69) / 12)
    }

    /// MIDI note number (fractional) of a frequency.
    public static func midi(frequency: Double) -> Double {
        69 + 12 * log2(frequency / 440)
    }

    /// Name of a MIDI note number, e.g. 57 -> "A3".
    public static func name(midi: Int) -> String {
        let index = ((midi % 12) + 12) % 12
        let octave = Int((Double(midi) / 12).rounded(.down)) - 1
        return "\(names[index])\(octave)"
    }

    /// The nearest note to a frequency and how far off it is, in cents (-50..+50).
    public static func nearest(to frequency: Double) -> (name: String, midi: Int, cents: Double) {
        let m = midi(frequency: frequency)
        let rounded = Int(m.rounded())
        return (name(midi: rounded), rounded, (m - Double(rounded)) * 100)
    }

    /// Parses a note name ("A3", "c#4", "Bb2", "E-1") or a frequency ("261.6", "261.6Hz"); nil if neither.
    public static func parseFrequency(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var number = trimmed
        if number.lowercased().hasSuffix("hz") { number = String(number.dropLast(2)) }
        if let hz = Double(number) {
            return hz.isFinite && hz > 0 ? hz : nil
        }
        guard let midi = parseMidi(trimmed) else { return nil }
        return frequency(midi: Double(midi))
    }

    /// Parses a note name such as "A3", "C#4" or "Bb2" into a MIDI note number.
    public static func parseMidi(_ text: String) -> Int? {
        let chars = Array(text)
        guard let letter = chars.first?.uppercased(), let base = pitchClass(of: letter) else { return nil }
        var index = 1
        var accidental = 0
        while index < chars.count, chars[index] == "#" || chars[index] == "b" || chars[index] == "♯" || chars[index] == "♭" {
            accidental += (chars[index] == "#" || chars[index] == "♯") ? 1 : -1
            index += 1
        }
        guard let octave = Int(String(chars[index...])), (-1...9).contains(octave) else { return nil }
        return (octave + 1) * 12 + base + accidental
    }

    /// Pitch class (0 = C … 11 = B) of a root name such as "C", "F#" or "Bb"; nil if not a note name.
    public static func parsePitchClass(_ text: String) -> Int? {
        guard let midi = parseMidi(text + "4") else { return nil }
        return ((midi % 12) + 12) % 12
    }

    private static func pitchClass(of letter: String) -> Int? {
        switch letter {
        case "C": return 0
        case "D": return 2
        case "E": return 4
        case "F": return 5
        case "G": return 7
        case "A": return 9
        case "B": return 11
        default: return nil
        }
    }
}
