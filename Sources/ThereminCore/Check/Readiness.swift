/// One line of `theremin --check`: what was looked at, how it stands, what was found, and what to do about it.
/// Gathered by the command line from the system; the text and JSON renderers only print it.
public struct Readiness: Sendable, Equatable, Encodable {
    public enum Level: String, Sendable, Encodable, Comparable {
        case ok = "OK"
        case warn = "WARN"
        case fail = "FAIL"

        private var rank: Int { self == .ok ? 0 : self == .warn ? 1 : 2 }
        public static func < (a: Level, b: Level) -> Bool { a.rank < b.rank }
    }

    /// What was checked, e.g. "real-time priority".
    public var topic: String
    public var level: Level
    /// What was found, in a sentence.
    public var finding: String
    /// What to do; nil when nothing needs doing.
    public var fix: String?

    public init(_ topic: String, _ level: Level, _ finding: String, fix: String? = nil) {
        self.topic = topic
        self.level = level
        self.finding = finding
        self.fix = fix
    }
}

extension Array where Element == Readiness {
    /// Ready when nothing fails (`--check` exits 0).
    public var isReady: Bool { !contains { $0.level == .fail } }
}
