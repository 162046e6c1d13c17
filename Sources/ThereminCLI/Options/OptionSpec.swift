/// One command-line option described as data: the parser, `--help`, validation and shell completion all read it.
struct OptionSpec: Sendable {
    enum Group: String, CaseIterable, Sendable {
        case modes = "Modes"
        case sound = "Sound"
        case mapping = "Pitch and volume mapping"
        case correction = "Pitch correction and register"
        case hands = "Two-hand play"
        case smoothing = "Smoothing (One Euro filter)"
        case camera = "Camera and tracking"
        case backing = "Backing track and cues"
        case midi = "MIDI"
        case tuner = "Tuner"
        case presets = "Presets"
        case files = "Files"
        case general = "General"
    }

    /// Long name including the dashes, e.g. `--replay`.
    let name: String
    /// Optional one-letter alias, e.g. `-v`.
    let short: String?
    /// Placeholder for the value (`TRACE`, `HZ`), or nil for a flag.
    let value: String?
    /// Default shown in `--help`, or nil when there is none.
    let defaultText: String?
    let help: String
    let group: Group
    /// True when the option may be given more than once (values are kept in order).
    var repeatable: Bool = false

    var takesValue: Bool { value != nil }
}
