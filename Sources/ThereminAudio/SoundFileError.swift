import ThereminCore

/// A sound file that could not be read or written, with libsndfile's reason and what to do.
public struct SoundFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let problem: String

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    public var description: String { "sound file \(path): \(problem)" }
}

extension SoundFileError: ReportableError {
    /// A sound file the user named (to read or to write): an input error.
    public var failureKind: FailureKind { .input }
}
