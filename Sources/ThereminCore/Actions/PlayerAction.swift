/// What a player can ask of the instrument hands-free (a foot switch, a MIDI controller, an OSC surface, a set
/// list) and with the live keys: one vocabulary, written the same way in a mapping file, an OSC address and a take.
public enum PlayerAction: Sendable, Equatable, Hashable {
    /// The next entry of the preset list (the set list), or the previous one.
    case nextPreset
    case previousPreset
    /// The preset list's entry `number` (1-based).
    case preset(Int)
    /// Mute or unmute (the instrument fades out or in).
    case mute
    case nextWaveform
    /// The looper's one switch: record, close the loop, overdub a layer, close the overdub.
    case loop
    /// Remove the loop's last layer, or every layer.
    case undoLayer
    case clearLoop
    /// Start the guided calibration again.
    case recalibrate
    /// Pitch correction's amount, 0…100 % (the scale stays the one played).
    case correction(Double)
    case octaveUp
    case octaveDown
    /// The player takes the instrument back from whatever hand holds it (the player lock's deliberate re-anchor).
    case takeBack

    /// How an action is written: its name, and a value for the two that take one.
    public var text: String {
        switch self {
        case .preset(let number): return "preset \(number)"
        case .correction(let amount):
            // The shortest text that reads back as the same number: a take replays the very amount.
            return "correction " + (amount == amount.rounded() ? String(Int(amount)) : String(amount))
        default: return Self.names.first { $0.value == self }?.key ?? "?"
        }
    }

    /// The actions without a value, by name.
    static let names: [String: PlayerAction] = [
        "next-preset": .nextPreset, "previous-preset": .previousPreset, "mute": .mute, "next-waveform": .nextWaveform,
        "loop": .loop, "undo": .undoLayer, "clear": .clearLoop, "recalibrate": .recalibrate, "octave-up": .octaveUp,
        "octave-down": .octaveDown, "take-back": .takeBack,
    ]

    /// Every name an action is written with, for the messages that list them.
    public static let allNames: [String] = ["next-preset", "previous-preset", "preset", "mute", "next-waveform",
                                            "loop", "undo", "clear", "recalibrate", "correction", "octave-up",
                                            "octave-down", "take-back"]

    /// The names of the actions that need a value (`preset N`, `correction PERCENT`).
    public static let valued: Set<String> = ["preset", "correction"]

    /// Reads `name` and its value (as text); nil when the name is not an action or the value does not fit it.
    public init?(name: String, value: String?) {
        switch name {
        case "preset":
            guard let value, let number = Int(value), number >= 1, number <= 999 else { return nil }
            self = .preset(number)
        case "correction":
            guard let value, let amount = Double(value), amount.isFinite, (0...100).contains(amount) else { return nil }
            self = .correction(amount)
        default:
            guard value == nil, let action = Self.names[name] else { return nil }
            self = action
        }
    }

    /// Reads the written form (`mute`, `preset 3`, `correction 50`).
    public init?(text: String) {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard let first = words.first, words.count <= 2 else { return nil }
        self.init(name: String(first), value: words.count == 2 ? String(words[1]) : nil)
    }

    /// Whether the action changes the control side (mapping, correction, register, who holds the instrument): it is
    /// applied on the tracking thread at the next frame, as in a replay.
    public var changesControl: Bool {
        switch self {
        case .correction, .octaveUp, .octaveDown, .takeBack, .nextPreset, .previousPreset, .preset: return true
        default: return false
        }
    }
}

/// An action and when it came (monotonic seconds), with where from, for the verbose line.
public struct TimedAction: Sendable, Equatable {
    public var action: PlayerAction
    public var time: Double
    /// `MIDI in: CC 80`, `OSC in: /theremin/mute`, `key m`.
    public var origin: String

    public init(_ action: PlayerAction, at time: Double, from origin: String) {
        self.action = action
        self.time = time
        self.origin = origin
    }
}
