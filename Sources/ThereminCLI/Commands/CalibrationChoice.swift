import Foundation
import ThereminCore

/// Which calibration a run uses: the one saved for this camera or input (unless `--no-calibration`), reported and
/// ignored when the file is unusable.
enum CalibrationChoice {
    /// The key calibrations are saved under for a camera (device path, card) or an `--input` file (absolute path).
    static func key(camera: String, card: String) -> (camera: String, card: String) { (camera, card) }

    static func key(input path: String) -> (camera: String, card: String) {
        (URL(fileURLWithPath: path).standardizedFileURL.path, "file")
    }

    /// Loads the calibration for `key`, printing a one-line notice when a saved file is unusable.
    static func load(_ settings: Settings, key: (camera: String, card: String),
                     store: CalibrationStore = .standard()) -> Calibration {
        guard settings.useCalibration else { return .identity }
        do {
            return try store.load(camera: key.camera, card: key.card) ?? .identity
        } catch {
            Output.err("theremin: \(error)\n")
            return .identity
        }
    }

    /// Trace metadata describing the calibration in force.
    static func metadataValue(_ calibration: Calibration) -> String {
        calibration == .identity ? "none"
            : String(format: "pitch-top=%.4f pitch-bottom=%.4f volume-quiet=%.4f volume-loud=%.4f",
                     calibration.pitchTop, calibration.pitchBottom, calibration.volumeQuiet, calibration.volumeLoud)
    }
}
