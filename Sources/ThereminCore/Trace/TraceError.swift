/// A problem with a trace file, with the file and line it was found on, phrased for the player.
public struct TraceError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    /// 1-based line number, or nil when the problem is not tied to a line (unreadable file, write failure).
    public let line: Int?
    public let problem: String
    /// What to do about it, when `problem` does not already say.
    public var remedy: String?
    /// `.input` for a trace the user must fix; `.runtime` when writing one fails (a full disk).
    public var kind: FailureKind

    public init(file: String, line: Int?, problem: String, remedy: String? = nil, kind: FailureKind = .input) {
        self.file = file
        self.line = line
        self.problem = problem
        self.remedy = remedy
        self.kind = kind
    }

    public var description: String {
        let place = line.map { "trace \(file), line \($0)" } ?? "trace \(file)"
        return "\(place): \(problem)" + (remedy.map { "; \($0)" } ?? "")
    }
}

extension TraceError: ReportableError {
    /// A trace is a file the user named: a bad one is an input error; one that cannot be written, a runtime failure.
    public var failureKind: FailureKind { kind }
}
