/// A mapping file (`--midi-map FILE`): one binding a line, first match wins, `#` starts a comment.
///
/// ```
/// cc 80 next-preset          # a momentary switch: fires when pressed (value 64 or more)
/// cc 64 mute latching        # a latching switch: fires on every message
/// pc any preset              # program change N: the preset list's entry N + 1
/// cc 11 correction           # an expression pedal: the amount follows the pedal
/// note 36 take-back channel 10
/// ```
extension MIDIActionMap {
    /// Reads a mapping file's text; the file replaces the standard mapping.
    /// - Throws: `MappingFileError` at the first line that is not a binding.
    public init(parsing text: String, file: String) throws(MappingFileError) {
        var bindings: [Binding] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard !words.isEmpty else { continue }
            do throws(MappingFileError.Problem) {
                bindings.append(try MIDIActionMap.binding(words))
            } catch {
                throw MappingFileError(file: file, line: index + 1, problem: error.text)
            }
        }
        guard !bindings.isEmpty else {
            throw MappingFileError(file: file, line: nil,
                                   problem: "has no bindings; write one a line, e.g. 'cc 80 next-preset'")
        }
        self.init(bindings: bindings)
    }

    private static func binding(_ words: [String]) throws(MappingFileError.Problem) -> Binding {
        guard let kind = Trigger.Kind(rawValue: words[0].lowercased()) else {
            throw .init("'\(words[0])' is not a MIDI message; use pc, cc or note to start the line")
        }
        guard words.count >= 3 else { throw .init("write '\(kind.rawValue) NUMBER ACTION', e.g. 'cc 80 next-preset'") }
        var number: Int?
        if words[1].lowercased() != "any" {
            guard let value = Int(words[1]), (0...127).contains(value) else {
                throw .init("'\(words[1])' is not a \(kind.rawValue) number; use 0 to 127 or any")
            }
            number = value
        }
        let name = words[2].lowercased()
        guard PlayerAction.allNames.contains(name) else {
            throw .init("'\(words[2])' is not an action; use one of \(PlayerAction.allNames.joined(separator: ", "))")
        }
        var rest = Array(words.dropFirst(3))
        var latching = false
        var channel: Int?
        if let at = rest.firstIndex(where: { $0.lowercased() == "channel" }) {
            guard at + 1 < rest.count, let value = Int(rest[at + 1]), (1...16).contains(value) else {
                throw .init("'channel' needs a MIDI channel: use 1 to 16")
            }
            channel = value - 1
            rest.removeSubrange(at...(at + 1))
        }
        if let at = rest.firstIndex(where: { $0.lowercased() == "latching" }) {
            guard kind == .controller else { throw .init("only a cc binding can be latching; remove 'latching'") }
            latching = true
            rest.remove(at: at)
        }
        guard rest.count <= 1 else { throw .init("'\(rest.joined(separator: " "))' is more than the action takes; remove it") }
        let response: Response
        if let value = rest.first {
            guard let action = PlayerAction(name: name, value: value) else {
                throw .init(PlayerAction.valued.contains(name)
                    ? "'\(value)' does not fit \(name); use \(name == "preset" ? "a preset number from 1" : "a percentage, 0 to 100")"
                    : "\(name) takes no value; remove '\(value)'")
            }
            response = .fixed(action)
        } else if name == "preset" {
            response = .presetFromValue
        } else if name == "correction" {
            response = .correctionFromValue
        } else if let action = PlayerAction(name: name, value: nil) {
            response = .fixed(action)
        } else {
            throw .init("'\(name)' is not an action")
        }
        return Binding(Trigger(kind, number, channel: channel), response, latching: latching)
    }
}

/// A mapping file that cannot be used: `FILE:LINE: problem`, an input error (exit 2 at start).
public struct MappingFileError: ReportableError, Sendable, Equatable {
    public struct Problem: Error, Sendable {
        let text: String
        init(_ text: String) { self.text = text }
    }

    public let file: String
    public let line: Int?
    public let problem: String

    public init(file: String, line: Int?, problem: String) {
        self.file = file
        self.line = line
        self.problem = problem
    }

    public var description: String { file + (line.map { ":\($0)" } ?? "") + ": " + problem }
    public var failureKind: FailureKind { .input }
}
