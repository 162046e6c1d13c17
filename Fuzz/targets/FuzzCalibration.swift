// libFuzzer target: calibration JSON either decodes into a usable calibration or is rejected with LoadProblem.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCalibration(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    do {
        let record = try CalibrationStore.decode(data: bytes, path: "fuzz.json")
        precondition(record.calibration.problems.isEmpty, "an accepted calibration must be usable")
        let mapped = record.calibration.apply(x: 0.5, y: 0.5)
        precondition((0...1).contains(mapped.x) && (0...1).contains(mapped.y))
    } catch is CalibrationStore.LoadProblem {
    } catch {
        preconditionFailure("unexpected error type: \(error)")
    }
    return 0
}
