import ThereminCore

/// A sound file that could not be read or written, with libsndfile's reason and what to do.
public struct SoundFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let problem: String
    /// `.input` for a file the user must fix (unreadable, unknown type, cannot be created); `.runtime` when writing
    /// fails midway (a full disk).
    public let kind: FailureKind

    public init(path: String, problem: String, kind: FailureKind = .input) {
        self.path = path
        self.problem = problem
        self.kind = kind
    }

    public var description: String { "sound file \(path): \(problem)" }
}

extension SoundFileError: ReportableError {
    /// A sound file the user named is an input error; a write that fails midway is a runtime failure.
    public var failureKind: FailureKind { kind }
}
