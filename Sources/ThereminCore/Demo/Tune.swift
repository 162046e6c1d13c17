/// A melody written as notes, the way a player would jot it down, for performances the program generates (the
/// demo): `E4 E4 F4 G4 | /A4:2~ r` — a note name, optionally `:beats` (default 1), `/` before it to glide into it
/// from the previous note instead of re-articulating, `~` after it for vibrato; `r` is a rest (the hand leaves);
/// `|` bar lines are for the reader. `tempo` is in beats a minute.
public struct Tune: Sendable, Equatable {
    public struct Event: Sendable, Equatable {
        /// MIDI note number, nil for a rest.
        public var midi: Int?
        public var beats: Double
        /// Glide into this note from the one before (legato portamento).
        public var glide: Bool
        public var vibrato: Bool

        public init(midi: Int?, beats: Double, glide: Bool, vibrato: Bool) {
            self.midi = midi
            self.beats = beats
            self.glide = glide
            self.vibrato = vibrato
        }
    }

    public var events: [Event]
    public var tempo: Double

    /// Seconds a beat lasts.
    public var beat: Double { 60 / tempo }
    /// Seconds the whole tune lasts.
    public var duration: Double { events.reduce(0) { $0 + $1.beats } * beat }

    public init(events: [Event], tempo: Double) {
        self.events = events
        self.tempo = tempo
    }

    /// Parses a tune; the error names the token that could not be read.
    public init(_ text: String, tempo: Double) throws(TuneError) {
        self.tempo = tempo
        events = []
        for token in text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }) where token != "|" {
            var body = Substring(token)
            let glide = body.hasPrefix("/")
            if glide { body = body.dropFirst() }
            let vibrato = body.hasSuffix("~")
            if vibrato { body = body.dropLast() }
            var beats = 1.0
            if let colon = body.firstIndex(of: ":") {
                guard let value = Double(body[body.index(after: colon)...]), value > 0, value.isFinite else {
                    throw TuneError(token: String(token))
                }
                beats = value
                body = body[..<colon]
            }
            if body == "r" {
                events.append(Event(midi: nil, beats: beats, glide: false, vibrato: false))
                continue
            }
            guard let midi = Note.parseMidi(String(body)) else { throw TuneError(token: String(token)) }
            events.append(Event(midi: midi, beats: beats, glide: glide, vibrato: vibrato))
        }
    }

    /// Start time (seconds) of every event.
    public var startTimes: [Double] {
        var time = 0.0
        return events.map { event in
            defer { time += event.beats * beat }
            return time
        }
    }
}

/// A tune token that is not a note, a rest or a bar line.
public struct TuneError: Error, Sendable, Equatable, CustomStringConvertible {
    public var token: String
    public var description: String {
        "tune: '\(token)' is not a note (like E4, /G4:2 or A4:1.5~) or a rest (r, r:2)"
    }
}
