import ThereminCore

/// A mistake on the command line or in an input the user named: printed as one line, exit status 2.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

extension UsageError: ReportableError {
    public var failureKind: FailureKind { .usage }
}
