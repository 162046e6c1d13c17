/// A musical scale as the semitone steps above its root that belong to it: what pitch correction pulls towards
/// and what the preview draws as note lines.
public struct Scale: Sendable, Equatable, Hashable {
    /// The name used on the command line, e.g. `harmonic-minor`.
    public let name: String
    /// Semitones above the root, ascending, starting with 0, all below 12.
    public let steps: [Int]
    /// Pitch classes relative to the root, as a 12-bit mask (bit n set = n semitones above the root).
    private let mask: UInt16

    public init(name: String, steps: [Int]) {
        self.name = name
        self.steps = steps
        self.mask = steps.reduce(0) { $0 | (1 << UInt16((($1 % 12) + 12) % 12)) }
    }

    public static let chromatic = Scale(name: "chromatic", steps: Array(0...11))
    public static let major = Scale(name: "major", steps: [0, 2, 4, 5, 7, 9, 11])
    public static let minor = Scale(name: "minor", steps: [0, 2, 3, 5, 7, 8, 10])
    public static let harmonicMinor = Scale(name: "harmonic-minor", steps: [0, 2, 3, 5, 7, 8, 11])
    public static let melodicMinor = Scale(name: "melodic-minor", steps: [0, 2, 3, 5, 7, 9, 11])
    public static let pentatonic = Scale(name: "pentatonic", steps: [0, 2, 4, 7, 9])
    public static let minorPentatonic = Scale(name: "minor-pentatonic", steps: [0, 3, 5, 7, 10])
    public static let blues = Scale(name: "blues", steps: [0, 3, 5, 6, 7, 10])
    public static let dorian = Scale(name: "dorian", steps: [0, 2, 3, 5, 7, 9, 10])
    public static let phrygian = Scale(name: "phrygian", steps: [0, 1, 3, 5, 7, 8, 10])
    public static let lydian = Scale(name: "lydian", steps: [0, 2, 4, 6, 7, 9, 11])
    public static let mixolydian = Scale(name: "mixolydian", steps: [0, 2, 4, 5, 7, 9, 10])
    public static let locrian = Scale(name: "locrian", steps: [0, 1, 3, 5, 6, 8, 10])
    public static let wholeTone = Scale(name: "whole-tone", steps: [0, 2, 4, 6, 8, 10])

    /// Every scale the command line knows, in the order `--help` lists them.
    public static let all: [Scale] = [
        .chromatic, .major, .minor, .harmonicMinor, .melodicMinor, .pentatonic, .minorPentatonic, .blues,
        .dorian, .phrygian, .lydian, .mixolydian, .locrian, .wholeTone,
    ]

    /// Other spellings people type (`ionian` is major, `aeolian` natural minor).
    private static let aliases: [String: Scale] = [
        "ionian": .major, "aeolian": .minor, "natural-minor": .minor, "major-pentatonic": .pentatonic,
        "harmonic": .harmonicMinor, "melodic": .melodicMinor, "wholetone": .wholeTone,
    ]

    /// The scale called `name` (case-insensitive, `_` accepted for `-`), or nil.
    public static func named(_ name: String) -> Scale? {
        let key = name.lowercased().replacingOccurrences(of: "_", with: "-")
        return all.first { $0.name == key } ?? aliases[key]
    }

    /// True when every semitone belongs to the scale (nothing to correct towards, no lines to single out).
    public var isChromatic: Bool { mask == 0xFFF }

    /// True when the MIDI note belongs to the scale on `root` (a pitch class, 0 = C).
    @inline(__always)
    public func contains(midi: Int, root: Int) -> Bool {
        let pitchClass = ((midi - root) % 12 + 12) % 12
        return mask & (1 << UInt16(pitchClass)) != 0
    }

    /// The nearest scale notes at or below and strictly above a fractional MIDI note number.
    @inline(__always)
    public func neighbours(of midi: Double, root: Int) -> (lower: Int, upper: Int) {
        let base = Int(midi.rounded(.down))
        var lower = base
        while !contains(midi: lower, root: root) { lower -= 1 }
        var upper = base + 1
        while !contains(midi: upper, root: root) { upper += 1 }
        return (lower, upper)
    }

    /// The scale's notes from `low` to `high` Hz (inclusive), lowest first: the note lines of the preview.
    public func notes(root: Int, from low: Double, to high: Double) -> [ScaleNote] {
        guard low > 0, high >= low, low.isFinite, high.isFinite else { return [] }
        // A tolerance of 1e-9 semitones keeps an end that is exactly a note (220 Hz = A3) inside the range.
        let first = Int((Note.midi(frequency: low) - 1e-9).rounded(.up))
        let last = Int((Note.midi(frequency: high) + 1e-9).rounded(.down))
        guard first <= last else { return [] }
        return (first...last).filter { contains(midi: $0, root: root) }.map {
            ScaleNote(midi: $0, isRoot: ((($0 - root) % 12) + 12) % 12 == 0)
        }
    }
}

/// One note of a scale, with what a display needs to draw and label it.
public struct ScaleNote: Sendable, Equatable {
    public let midi: Int
    /// Equal-tempered frequency, A4 = 440 Hz.
    public var frequency: Double { Note.frequency(midi: Double(midi)) }
    /// Name with octave, e.g. `C#4`.
    public var name: String { Note.name(midi: midi) }
    /// True for the scale's root (drawn stronger).
    public let isRoot: Bool

    public init(midi: Int, isRoot: Bool) {
        self.midi = midi
        self.isRoot = isRoot
    }
}

import Foundation
