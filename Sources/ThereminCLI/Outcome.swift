import ThereminCore

/// How a run of theremin ended, for `main.swift` to turn into the exit status. A failure has been reported when it
/// happened (its line is on stderr, in order with everything else); what is left of it is its kind.
public enum Outcome: Equatable, Sendable {
    case succeeded
    /// The run failed, or went on past a failure it reported (a take or a loop that could not be saved).
    case failed(FailureKind)
}
