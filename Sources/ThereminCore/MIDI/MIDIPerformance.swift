/// The performer the settings ask for (one channel, or MPE), behind one face for the three places that send MIDI:
/// live play, a replay heard, and `--midi-file`.
public enum MIDIPerformance: Sendable {
    case single(MIDIPerformer)
    case mpe(MPEPerformer)

    public init(settings: MIDISettings) {
        switch settings.mode {
        case .single: self = .single(MIDIPerformer(settings: settings))
        case .mpe: self = .mpe(MPEPerformer(settings: settings))
        }
    }

    public func setup() -> [MIDIMessage] {
        switch self {
        case .single(let performer): return performer.setup()
        case .mpe(let performer): return performer.setup()
        }
    }

    /// The messages for the next control; `slide` (the slide axis's value, nil when unchanged) is MPE's CC 74.
    public mutating func messages(for control: Control, slide: Double?) -> [MIDIMessage] {
        switch self {
        case .single(var performer):
            defer { self = .single(performer) }
            return performer.messages(for: control)
        case .mpe(var performer):
            defer { self = .mpe(performer) }
            return performer.messages(for: control, slide: slide)
        }
    }

    public mutating func finish() -> [MIDIMessage] {
        switch self {
        case .single(var performer):
            defer { self = .single(performer) }
            return performer.finish()
        case .mpe(var performer):
            defer { self = .mpe(performer) }
            return performer.finish()
        }
    }
}
