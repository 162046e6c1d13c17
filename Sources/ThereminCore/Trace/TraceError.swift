/// A problem with a trace file, with the file and line it was found on, phrased for the player.
public struct TraceError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    /// 1-based line number, or nil when the problem is not tied to a line (unreadable file, write failure).
    public let line: Int?
    public let problem: String
    /// What to do about it, when `problem` does not already say.
    public var remedy: String?

    public init(file: String, line: Int?, problem: String, remedy: String? = nil) {
        self.file = file
        self.line = line
        self.problem = problem
        self.remedy = remedy
    }

    public var description: String {
        let place = line.map { "trace \(file), line \($0)" } ?? "trace \(file)"
        return "\(place): \(problem)" + (remedy.map { "; \($0)" } ?? "")
    }
}

extension TraceError: ReportableError {
    /// A trace is a file the user named: a bad one is an input error.
    public var failureKind: FailureKind { .input }
}
