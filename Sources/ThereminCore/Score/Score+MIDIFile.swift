extension Score {
    /// The melody of a Standard MIDI File: the notes of `track`, timed by the file's tempo map (its tempo events,
    /// from every track, as format 1 keeps them in the first) and laid in bars by its time signatures.
    /// - Throws: `ScoreError` for a file that is not a MIDI file theremin reads, a track it does not have, or a
    ///   melody without notes.
    public init(midiFile bytes: [UInt8], named file: String, track: ScoreTrack = .first) throws(ScoreError) {
        let parsed: MIDIFileParser
        do {
            parsed = try MIDIFileParser(bytes)
        } catch {
            throw ScoreError(file: file, problem: error.description)
        }
        let quarter = Double(parsed.division)
        var timeline = ScoreTimeline()
        let all = parsed.tracks.flatMap(\.events).enumerated()
            .sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }
        for (_, (tick, event)) in all {
            switch event {
            case .tempo(let microseconds): timeline.setTempo(secondsPerQuarter: Double(microseconds) / 1_000_000,
                                                             at: Double(tick) / quarter)
            case .timeSignature(let beats, let unit): timeline.setMetre(beats: beats, unit: unit, at: Double(tick) / quarter)
            default: break
            }
        }
        let (melody, title) = try Score.melody(of: parsed, track: track, file: file)
        // At one tick, note-offs first: a note struck again where it ends keeps its new start.
        let events = melody.enumerated().sorted { a, b in
            func order(_ event: MIDIFileParser.Event) -> Int { if case .noteOff = event { return 0 } else { return 1 } }
            return (a.element.tick, order(a.element.event), a.offset) < (b.element.tick, order(b.element.event), b.offset)
        }.map(\.element)
        var sounding: [Int: Int] = [:]
        var notes: [(midi: Int, start: Double, end: Double)] = []
        for (tick, event) in events {
            switch event {
            case .noteOn(_, let key, _):
                if let start = sounding[key] { notes.append((key, Double(start) / quarter, Double(tick) / quarter)) }
                sounding[key] = tick
            case .noteOff(_, let key):
                if let start = sounding.removeValue(forKey: key) {
                    notes.append((key, Double(start) / quarter, Double(tick) / quarter))
                }
            default: break
            }
        }
        let last = events.last?.tick ?? 0
        for (key, start) in sounding { notes.append((key, Double(start) / quarter, Double(last) / quarter)) }
        self = timeline.score(title: title ?? file, notes: notes)
        guard !self.notes.isEmpty else {
            throw ScoreError(file: file, problem: "\(track) has no notes to play (a note needs a note-on and a later note-off); "
                             + "pick the melody's track with --score-track")
        }
    }

    /// The note events of the melody `track` names, and its track's name.
    private static func melody(of file: MIDIFileParser, track: ScoreTrack,
                               file name: String) throws(ScoreError) -> ([(tick: Int, event: MIDIFileParser.Event)], String?) {
        func channel(_ event: MIDIFileParser.Event) -> Int? {
            switch event {
            case .noteOn(let channel, _, _), .noteOff(let channel, _): channel
            default: nil
            }
        }
        func notes(_ events: [(tick: Int, event: MIDIFileParser.Event)], on wanted: Int?) -> [(tick: Int, event: MIDIFileParser.Event)] {
            events.filter { entry in channel(entry.event).map { wanted == nil || $0 == wanted } ?? false }
        }
        let drums = 9
        switch track {
        case .first:
            for candidate in file.tracks {
                let melodic = candidate.events.filter { entry in
                    if case .noteOn(let channel, _, _) = entry.event { return channel != drums }
                    return false
                }
                guard let first = melodic.first, let wanted = channel(first.event) else { continue }
                return (notes(candidate.events, on: wanted), candidate.name)
            }
            let anyNote = file.tracks.contains { $0.events.contains { if case .noteOn = $0.event { true } else { false } } }
            // Only drums: the melody may be there under another channel's name. No note at all: nothing to choose.
            throw ScoreError(file: name, problem: anyNote
                ? "it has no notes outside the drum channel; name the melody with --score-track"
                : "it has no notes; play along with a score that has a melody")
        case .number(let number):
            guard (1...file.tracks.count).contains(number) else {
                throw ScoreError(file: name, problem: "there is no track \(number); \(describe(file.tracks))")
            }
            let chosen = file.tracks[number - 1]
            return (notes(chosen.events, on: nil), chosen.name)
        case .named(let wanted):
            guard let chosen = file.tracks.first(where: { $0.name?.lowercased() == wanted.lowercased() }) else {
                throw ScoreError(file: name, problem: "there is no track named '\(wanted)'; \(describe(file.tracks))")
            }
            return (notes(chosen.events, on: nil), chosen.name)
        case .channel(let number):
            guard (1...16).contains(number) else {
                throw ScoreError(file: name, problem: "channel \(number) is not a MIDI channel; use 1 to 16")
            }
            let merged = file.tracks.flatMap { notes($0.events, on: number - 1) }
            return (merged.enumerated().sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }.map(\.element),
                    nil)
        }
    }

    /// "its tracks are 1 'Piano' (24 notes), 2 (no name, 0 notes)": for the line that names a missing track.
    private static func describe(_ tracks: [MIDIFileParser.Track]) -> String {
        "its tracks are " + tracks.enumerated().map { index, track in
            let count = track.events.filter { if case .noteOn = $0.event { return true } else { return false } }.count
            return "\(index + 1) " + (track.name.map { "'\($0)'" } ?? "(no name)") + " (\(count) notes)"
        }.joined(separator: ", ") + "; pick one with --score-track NUMBER or NAME"
    }
}
