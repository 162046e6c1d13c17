/// Which part of a MIDI file is the melody (`--score-track`): a track by number (1 = the file's first) or by
/// name, or a MIDI channel (1–16) across the tracks; by default the first track with notes outside the drum
/// channel (10), and in it the channel its first note is on.
public enum ScoreTrack: Sendable, Equatable, CustomStringConvertible {
    case first
    case number(Int)
    case named(String)
    case channel(Int)

    /// Parses `--score-track`'s value: `3`, `channel:2` (or `ch2`), or a track name; nil for an empty one.
    public init?(_ text: String) {
        let lowered = text.lowercased()
        if let number = Int(text) {
            self = .number(number)
        } else if let prefix = ["channel:", "channel", "ch:", "ch"].first(where: { lowered.hasPrefix($0) }),
                  let channel = Int(lowered.dropFirst(prefix.count)) {
            self = .channel(channel)
        } else if text.isEmpty {
            return nil
        } else {
            self = .named(text)
        }
    }

    public var description: String {
        switch self {
        case .first: "the first track with notes"
        case .number(let number): "track \(number)"
        case .named(let name): "track '\(name)'"
        case .channel(let channel): "channel \(channel)"
        }
    }
}
