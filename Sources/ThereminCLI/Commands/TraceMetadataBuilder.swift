import Foundation
import ThereminCore

/// The metadata written at the top of a recorded trace: where it came from and the settings it was played with.
enum TraceMetadataBuilder {
    static func make(_ settings: Settings, source: FrameSource, tracker: String, calibration: Calibration) -> TraceMetadata {
        var entries: [(key: String, value: String)] = [
            ("source", source.name),
            ("frame-size", "\(source.frameSize.width)x\(source.frameSize.height)"),
        ]
        if let rate = source.nominalFrameRate { entries.append(("frame-rate", String(format: "%.3f", rate))) }
        entries.append(("tracker", tracker))
        entries.append(("calibration", CalibrationChoice.metadataValue(calibration)))
        var mapping = String(format: "%@ %.3f-%.3f Hz", settings.mapping.law.rawValue, settings.mapping.low,
                             settings.mapping.high)
        if let side = settings.mapping.antennaSide {
            mapping += String(format: ", rod %@, field %g", side.rawValue, settings.mapping.antenna.field)
        }
        entries.append(("mapping", mapping))
        switch settings.smoothing {
        case .motion: entries.append(("smoothing", "expressive"))
        case .oneEuro(let filter):
            entries.append(("smoothing", String(format: "min-cutoff=%g beta=%g d-cutoff=%g", filter.minCutoff,
                                                filter.beta, filter.derivativeCutoff)))
        }
        if let take = PlayAlongSettings.take(settings.playAlong) { entries += take.headerEntries }
        entries.append(("theremin", Version.current))
        return TraceMetadata(entries)
    }
}
