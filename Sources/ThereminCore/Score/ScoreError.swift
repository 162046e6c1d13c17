/// A score that cannot be played along with: unreadable, not a score, without notes, naming a track it does not
/// have, or with a tempo of 0. Phrased for the player, with the file (and the line of a text score).
public struct ScoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    /// 1-based line of a text score, nil otherwise.
    public let line: Int?
    public let problem: String

    public init(file: String, line: Int? = nil, problem: String) {
        self.file = file
        self.line = line
        self.problem = problem
    }

    public var description: String {
        (line.map { "score \(file), line \($0)" } ?? "score \(file)") + ": " + problem
    }
}

extension ScoreError: ReportableError {
    /// A score is a file the player named: a bad one is an input error.
    public var failureKind: FailureKind { .input }
}
