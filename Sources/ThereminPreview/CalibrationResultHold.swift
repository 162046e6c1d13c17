import ThereminCore
import ThereminSession

/// A calibration's result (done or failed) is in the live snapshot for one frame only; this keeps it on the preview
/// for a while, with the playing box and the words, so the player sees that it worked before playing on.
public struct CalibrationResultHold {
    public let seconds: Double
    private var held: (status: GuidedCalibration.Status, until: Double)?

    public init(seconds: Double) {
        self.seconds = seconds
    }

    /// The snapshot to draw at `now`: `snapshot` itself, or with the held result while it lasts.
    public mutating func apply(to snapshot: LiveSnapshot, now: Double) -> LiveSnapshot {
        if let status = snapshot.calibrationStatus {
            switch status.phase {
            case .done, .failed:
                if held?.status != status { held = (status, now + seconds) }
            default:
                held = nil
            }
            return snapshot
        }
        guard let held, now < held.until else {
            held = nil
            return snapshot
        }
        var holding = snapshot
        holding.calibrationStatus = held.status
        return holding
    }
}
