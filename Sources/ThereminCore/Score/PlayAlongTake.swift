/// What a take recorded with `--play-along` says about its score, in its metadata: the score's file, track and
/// pace in the header, and, after the rows (known only once playing started), where its first beat fell.
public struct PlayAlongTake: Sendable, Equatable {
    public static let scoreKey = "play-along"
    public static let trackKey = "score-track"
    public static let paceKey = "tempo-scale"
    /// Written after the rows: the trace time (seconds) of the score's first beat.
    public static let startKey = "play-along-start"

    public var score: String
    public var track: String?
    public var pace: Double
    public var start: Double?

    public init(score: String, track: String? = nil, pace: Double = 1, start: Double? = nil) {
        self.score = score
        self.track = track
        self.pace = pace
        self.start = start
    }

    /// The take's play-along, nil when it was not played along with a score.
    public init?(_ metadata: TraceMetadata) {
        guard let score = metadata[PlayAlongTake.scoreKey], !score.isEmpty else { return nil }
        self.score = score
        track = metadata[PlayAlongTake.trackKey]
        pace = metadata[PlayAlongTake.paceKey].flatMap(Double.init) ?? 1
        start = metadata[PlayAlongTake.startKey].flatMap(Double.init)
    }

    /// The header's entries (the start is written after the rows).
    public var headerEntries: [(key: String, value: String)] {
        var entries = [(key: PlayAlongTake.scoreKey, value: score)]
        if let track { entries.append((PlayAlongTake.trackKey, track)) }
        if pace != 1 { entries.append((PlayAlongTake.paceKey, "\(pace)")) }
        return entries
    }
}
