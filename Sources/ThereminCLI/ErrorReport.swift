import ThereminCore

/// How every failure reaches the player, in one place: one line on stderr ("theremin: …", with the `--help` hint
/// after a usage error) and the exit status the error's kind calls for (`FailureKind`: 1 runtime, 2 usage or
/// input; an error of no known kind is a runtime failure). Used for the error that ends a command and for a
/// failure live play reports and goes on past (a take or loop that could not be saved).
enum ErrorReport {
    /// Prints `error`'s line; returns its exit status.
    static func report(_ error: any Error) -> Int32 {
        guard let error = error as? any ReportableError else {
            Output.err("theremin: \(error)\n")
            return FailureKind.runtime.exitStatus
        }
        let hint = error.failureKind == .usage ? ". See 'theremin --help'." : ""
        Output.err("theremin: \(error)\(hint)\n")
        return error.exitStatus
    }
}
