/// The coordinate trace format, version 1: a self-describing CSV.
///
/// ```
/// # theremin-trace 1
/// # source: /dev/video0 (HD Webcam)
/// # frame-size: 640x480
/// t,x,y,present,confidence,acquired
/// 0.000000,0.512300,0.250000,1,0.970,1
/// ```
/// `#` lines before the header carry `key: value` metadata. The header must name `t`, `x`, `y` and `present`;
/// other columns may follow and readers ignore those they do not know. `t` is in seconds from the start (0…24 h) and never decreases;
/// `x`, `y` are normalized to [0,1] in the mirrored view (origin top-left); `present` is 1 or 0. When `present` is 0,
/// `x` and `y` may be empty. `acquired` (optional, 0/1) marks the frames where the tracker found the hand afresh,
/// where smoothing starts again.
///
/// Two-hand traces add optional columns that one-hand readers ignore: `hand` (left/right) and `closed` (0/1, a
/// closed fist) for the first hand, and `x2,y2,present2,confidence2,hand2,closed2` for the second.
public enum TraceFormat {
    public static let version = 1
    public static let magic = "theremin-trace"
    public static let requiredColumns = ["t", "x", "y", "present"]
    /// The header of a two-hand trace, as `TraceWriter` writes it.
    public static let twoHandColumns = ["t", "x", "y", "present", "confidence", "hand", "closed", "acquired",
                                        "x2", "y2", "present2", "confidence2", "hand2", "closed2", "acquired2"]
    /// The header of a one-hand trace, as `TraceWriter` writes it.
    public static let oneHandColumns = ["t", "x", "y", "present", "confidence", "acquired"]
    /// Largest `t` accepted (24 hours): longer traces are surely corrupt, and would render absurdly long files.
    public static let maxTime = 24.0 * 3600
    /// Longest line accepted; protects against binary files and runaway lines.
    public static let maxLineLength = 64 * 1024
    /// The metadata line a live take starts with (`# recording: live`): its rows reach the file as they are played,
    /// so until its end marker the file may stop anywhere, even inside a row.
    public static let liveRecordingKey = "recording"
    public static let liveRecordingValue = "live"
    /// The comment a finished take ends with (`# end: N frames`); a live take without it was interrupted. Readers
    /// that do not know it ignore it like any comment after the header.
    public static let endMarker = "end"
    /// The comment a live take writes before its first row (`# clock: monotonic S`): the capture clock's reading at
    /// t = 0 (CLOCK_MONOTONIC seconds, what V4L2 stamps frames with), to line a take up with other recordings of the
    /// same session. Readers ignore it like any comment after the header.
    public static let clockOriginMarker = "clock"
    /// The comment a live take writes among its rows for each player action (`# action: next-preset`): it applies
    /// from the row that follows it on, so a replay does it at that frame, as live play did.
    public static let actionKey = "action"
    /// The comment a live take writes where a preset of the list starts to play (`# sound: warm`), before the row it
    /// plays from; a replay plays that preset (read from the presets folder) from there.
    public static let soundKey = "sound"
    /// Metadata that may follow the rows (`# key: value` among them), for what is known only once they began.
    public static let trailingKeys: Set<String> = [PlayAlongTake.startKey]
}

/// The `# key: value` lines of a trace, in order.
public struct TraceMetadata: Sendable, Equatable {
    public var entries: [(key: String, value: String)]

    public init(_ entries: [(key: String, value: String)] = []) {
        self.entries = entries
    }

    public subscript(key: String) -> String? {
        entries.last(where: { $0.key == key })?.value
    }

    public static func == (a: TraceMetadata, b: TraceMetadata) -> Bool {
        a.entries.elementsEqual(b.entries) { $0.key == $1.key && $0.value == $1.value }
    }
}

/// A parsed trace: metadata and samples in time order.
public struct Trace: Sendable, Equatable {
    public var metadata: TraceMetadata
    public var samples: [HandSample]
    /// The second hand of a two-hand trace, one entry per entry of `samples`; nil for one-hand traces.
    public var secondHand: [HandSample]?
    /// True for a live take without its end marker: the recording was interrupted (crash, SIGKILL, power loss) and
    /// holds every row up to then. Older traces, offline traces and finished takes are complete.
    public var interrupted = false
    /// The player's actions, each before the row (index into `samples`) it applies from.
    public var actions: [TraceAction] = []
    /// The presets played from a row on (`# sound: NAME`), by name, in order.
    public var soundChanges: [TraceSoundChange] = []
    /// The line number of a torn last row dropped from an interrupted take (the file ended inside it), if any.
    public var tornLine: Int?

    public init(metadata: TraceMetadata = TraceMetadata(), samples: [HandSample], secondHand: [HandSample]? = nil) {
        self.metadata = metadata
        self.samples = samples
        self.secondHand = secondHand
    }

    /// The hands of every line as frames (one or two hands each): what two-hand replay consumes.
    public var frames: [HandsFrame] {
        guard let secondHand, secondHand.count == samples.count else { return samples.map(HandsFrame.init) }
        return zip(samples, secondHand).map { HandsFrame(t: $0.t, hands: [$0, $1]) }
    }

    /// Seconds from the first sample to the last.
    public var duration: Double {
        guard let first = samples.first, let last = samples.last else { return 0 }
        return last.t - first.t
    }
}

/// A player action written in a take, and the row it applies from.
public struct TraceAction: Sendable, Equatable {
    /// Index into `Trace.samples` of the first row played after the action (the rows' count at the end of the take).
    public var row: Int
    public var action: PlayerAction

    public init(row: Int, action: PlayerAction) {
        self.row = row
        self.action = action
    }
}

/// A preset of the list that plays from a row of a take on (`# sound: NAME`).
public struct TraceSoundChange: Sendable, Equatable {
    public var row: Int
    /// The preset's name (a file in the presets folder).
    public var preset: String

    public init(row: Int, preset: String) {
        self.row = row
        self.preset = preset
    }
}
