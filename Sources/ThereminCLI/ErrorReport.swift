import ThereminCore

/// How every failure reaches the player, in one place: one line on stderr ("theremin: …", with the `--help` hint
/// after a usage error), and the failure's kind (`FailureKind`; an error of no known kind is a runtime failure),
/// which `main.swift` turns into the exit status. Used for the error that ends a command and for a failure live
/// play reports and goes on past (a take or loop that could not be saved).
enum ErrorReport {
    /// Prints `error`'s line; returns the outcome it makes.
    static func report(_ error: any Error) -> Outcome {
        guard let error = error as? any ReportableError else {
            Output.err("theremin: \(error)\n")
            return .failed(.runtime)
        }
        let hint = error.failureKind == .usage ? ". See 'theremin --help'." : ""
        Output.err("theremin: \(error)\(hint)\n")
        return .failed(error.failureKind)
    }
}
