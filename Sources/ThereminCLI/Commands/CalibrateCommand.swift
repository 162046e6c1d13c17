import Foundation
import ThereminCore
import ThereminTracking
import ThereminVideo

/// `theremin --calibrate`: the guided calibration, from the camera or from an `--input` file, saved per camera (or
/// per input file) under the configuration folder.
struct CalibrateCommand {
    let settings: Settings

    func run(input path: String) throws -> Outcome {
        let source = try InputSource.open(path)
        defer { source.close() }
        let tracker = try TrackerFactory.make(settings, stillImages: InputSource.framesAreIndependent(source))
        let play = LivePlay(settings: settings, calibrationKey: CalibrationChoice.key(input: path), calibrateOnly: true,
                            withSound: false)
        return try play.run(source: source, tracking: tracker, calibration: .identity, paceByFrameTime: false,
                            isTransient: { _ in false }).outcome
    }
}
