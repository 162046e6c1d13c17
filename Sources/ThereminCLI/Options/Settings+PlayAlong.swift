import Foundation
import ThereminCore

/// The play-along options (`--play-along`, `--score-track`, `--tempo-scale`), validated: the score is read here,
/// so a bad one stops the run before any sound, and its notes are checked against the playing range.
struct PlayAlongSettings: Sendable {
    /// The name `--play-along demo` gives the demo's own tune (when no file has that name).
    static let demoName = "demo"

    /// `--play-along`: the score's file as given.
    var path: String?
    var track = ScoreTrack.first
    /// `--tempo-scale`.
    var pace = PlayAlongPace.spec.defaultValue
    /// The score, read and paced; nil without `--play-along`.
    var score: Score?
    /// The score as read, before pacing, and whether `--tempo-scale` was given (a take's own pace applies if not).
    var unpaced: Score?
    var paceGiven = false

    mutating func read(_ parsed: ParsedArguments, mode: Settings.Mode, mapping: Mapping, octave: Int) throws {
        path = try parsed.value(Options.playAlongScore)
        guard let path else {
            if let stray = [Options.scoreTrack.name, Options.tempoScale.name].first(where: parsed.has) {
                throw UsageError("\(stray) needs --play-along SCORE", options: [stray, "--play-along"])
            }
            return
        }
        try ModeTable.checkPlaysAlong(mode)
        guard !path.isEmpty else { throw UsageError("--play-along needs a score: a MIDI file or a text score", options: ["--play-along"]) }
        if let text = try parsed.value(Options.scoreTrack) {
            guard let track = ScoreTrack(text) else { throw UsageError("--score-track needs a track number, name or channel:N", options: ["--score-track"]) }
            self.track = track
        }
        paceGiven = parsed.has(Options.tempoScale)
        pace = try parsed.value(Options.tempoScale) ?? pace
        let read = try Self.score(path: path, track: track)
        unpaced = read
        score = read.paced(by: pace)
        if ModeTable.entry(mode.kind).playAlong == .played {
            try Self.checkRange(read, path: path, mapping: mapping, octave: octave)
        }
    }

    /// What a take recorded with this play-along notes in its header: the score's absolute path (so `--report`
    /// finds it from any folder), its track and pace.
    static func take(_ settings: PlayAlongSettings) -> PlayAlongTake? {
        guard let path = settings.path else { return nil }
        let builtIn = path == demoName && !FileManager.default.fileExists(atPath: path)
        let track: String? = switch settings.track {
        case .first: nil
        case .number(let number): String(number)
        case .named(let name): name
        case .channel(let channel): "channel:\(channel)"
        }
        return PlayAlongTake(score: builtIn ? path : URL(fileURLWithPath: path).standardizedFileURL.path, track: track,
                             pace: settings.pace)
    }

    /// The score at `path`, or the demo's tune for `demo` when no file has that name.
    static func score(path: String, track: ScoreTrack) throws -> Score {
        if path == demoName, !FileManager.default.fileExists(atPath: path) {
            var score = try Score(text: "tempo \(Settings.hz(DemoTune.tempo))\n" + DemoTune.score, named: path)
            score.title = DemoTune.title
            return score
        }
        return try ScoreFile.read(path: path, track: track)
    }

    /// Refuses a score with notes the playing range (`--low`…`--high`, shifted by `--octave`) cannot sound, saying
    /// the range it needs and the options that give it.
    static func checkRange(_ score: Score, path: String, mapping: Mapping, octave: Int) throws {
        guard let lowest = score.lowest, let highest = score.highest else { return }
        let shift = exp2(Double(octave))
        let low = min(mapping.low, mapping.high) * shift, high = max(mapping.low, mapping.high) * shift
        // A quarter of a semitone of slack: a range ending on the note's own pitch plays it.
        let needLow = Note.frequency(midi: Double(lowest) + 0.25), needHigh = Note.frequency(midi: Double(highest) - 0.25)
        guard needLow < low || needHigh > high else { return }
        let range = "\(Note.nearest(to: low).name) to \(Note.nearest(to: high).name)"
        var remedy = "widen it with --low \(Note.name(midi: lowest)) --high \(Note.name(midi: highest))"
        let base = (min(mapping.low, mapping.high), max(mapping.low, mapping.high))
        if let fits = (-3...3).first(where: { k in
            k != octave && base.0 * exp2(Double(k)) <= needLow && needHigh <= base.1 * exp2(Double(k))
        }) {
            remedy += " or shift it with --octave \(fits)"
        }
        throw ScoreError(file: path, problem: "its notes run from \(Note.name(midi: lowest)) to \(Note.name(midi: highest)), "
                         + "beyond the playing range \(range); \(remedy)")
    }
}
