// libFuzzer target: the trace parser must turn any bytes into a Trace or a TraceError, never a trap.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let trace = try TraceReader.parse(bytes: bytes, name: "fuzz")
        // A parsed trace must satisfy the format's promises.
        var previous = -Double.infinity
        for sample in trace.samples {
            precondition(sample.t.isFinite && sample.t >= previous, "times must be finite and non-decreasing")
            precondition((0...1).contains(sample.x) && (0...1).contains(sample.y), "coordinates in range")
            previous = sample.t
        }
        _ = ReplayPlan(trace: trace, mapper: ControlMapper(), sampleRate: 48_000, tail: 0.1)
    } catch is TraceError {
    } catch {
        preconditionFailure("unexpected error type: \(error)")
    }
    return 0
}
