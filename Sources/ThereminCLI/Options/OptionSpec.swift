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
        case osc = "OSC"
        case tuner = "Tuner"
        case practice = "Practice"
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
    /// What the value can be (the choices, a file, a camera), for validation messages and shell completion.
    var values: OptionValues
    /// Whether a preset keeps it: options of a sound, not of a machine (devices, rate), a run (files written,
    /// modes) or the cue state.
    var inPresets: Bool
    /// For an option naming a file the run writes, how it is written; the checks of written files read this.
    var writes: Written?

    /// How a run writes the file an option names.
    enum Written: Sendable {
        /// The take, under its own name as it is played (never over an existing file).
        case take
        /// Whole, under a temporary name renamed into place at the end: a folder, pipe or device of that name
        /// would be replaced.
        case renamedIntoPlace
    }

    /// - Parameters:
    ///   - values: by default a file for the placeholders `TRACE`, `PATH`, `FILE`, `FILE.mid`, else free text.
    ///   - inPresets: by default true for the sound's groups (sound, mapping, smoothing, correction, hands,
    ///     backing, MIDI) and false for the others.
    init(name: String, short: String?, value: String?, defaultText: String?, help: String, group: Group,
         repeatable: Bool = false, values: OptionValues? = nil, inPresets: Bool? = nil, writes: Written? = nil) {
        self.name = name
        self.short = short
        self.value = value
        self.defaultText = defaultText
        self.help = help
        self.group = group
        self.repeatable = repeatable
        let files: Set<String> = ["TRACE", "PATH", "FILE", "FILE.mid"]
        self.values = values ?? (value.map { files.contains($0) ? .file : .text } ?? .text)
        let soundGroups: Set<Group> = [.sound, .mapping, .smoothing, .correction, .hands, .backing, .midi]
        self.inPresets = inPresets ?? soundGroups.contains(group)
        self.writes = writes
    }

    var takesValue: Bool { value != nil }
}
