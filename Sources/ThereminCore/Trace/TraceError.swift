/// A problem with a trace file, with the file and line it was found on, phrased for the player.
public struct TraceError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    /// 1-based line number, or nil when the problem is not tied to a line (unreadable file, write failure).
    public let line: Int?
    public let problem: String

    public init(file: String, line: Int?, problem: String) {
        self.file = file
        self.line = line
        self.problem = problem
    }

    public var description: String {
        if let line {
            return "trace \(file), line \(line): \(problem)"
        }
        return "trace \(file): \(problem)"
    }
}
