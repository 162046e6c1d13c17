import ThereminCapture
import ThereminCore

/// "No camera found", with the way to hear the instrument anyway: a newcomer without a webcam should not end at a
/// wall (issue 14). The capture module's message stays as it is; live play adds the suggestion.
struct NoCameraFound: ReportableError {
    let underlying: V4L2Error

    /// The error to report for `error`: this one when no camera was found at all, else `error` itself.
    static func wrapping(_ error: V4L2Error) -> any Error {
        error.kind == .noCamera ? NoCameraFound(underlying: error) : error
    }

    var description: String { "\(underlying); or hear theremin without one: `theremin --demo`" }
    var failureKind: FailureKind { underlying.failureKind }
}
