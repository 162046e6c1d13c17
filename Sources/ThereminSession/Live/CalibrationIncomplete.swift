import ThereminCore

/// A guided calibration that did not finish (`--calibrate`): the player fixes it by playing it again, so it ends
/// the run as a usage error (exit status 2, the `--help` hint).
public struct CalibrationIncomplete: ReportableError, Equatable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
    public var failureKind: FailureKind { .usage }
}
