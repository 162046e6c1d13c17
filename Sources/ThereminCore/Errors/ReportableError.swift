/// How a failure ends the program: its exit status, and whether the usage hint follows its line.
public enum FailureKind: Sendable, Equatable {
    /// A mistake on the command line: exit status 2, followed by "See 'theremin --help'.".
    case usage
    /// An input the user named or must fix (a file, a device, a model, an option's value): exit status 2.
    case input
    /// A failure while running (a device lost and not recovered, a full disk, a broken installation): exit status 1.
    case runtime

    /// The process exit status for this kind (DESIGN.md: 1 runtime failure, 2 usage or input error).
    public var exitStatus: Int32 { self == .runtime ? 1 : 2 }
}

/// An error a user, file or device can cause, that knows how it is reported: its `description` is one line saying
/// what failed, where, the system's reason and the remedy; `failureKind` gives the exit status. The command line
/// prints any such error the same way without knowing its type (swift-argument-parser's `ExitCode` idea).
public protocol ReportableError: Error, CustomStringConvertible {
    var failureKind: FailureKind { get }
}

extension ReportableError {
    public var exitStatus: Int32 { failureKind.exitStatus }
}
