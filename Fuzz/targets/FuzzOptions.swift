// libFuzzer target: the command-line parser turns any argument list into Settings or a UsageError.
// Input: arguments separated by NUL bytes.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOptions(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    do {
        let settings = try Settings(arguments: arguments)
        precondition(settings.mapping.low < settings.mapping.high, "validated range")
        precondition(settings.periodFrames >= 16)
    } catch is UsageError {
    } catch {
        preconditionFailure("unexpected error type: \(error)")
    }
    return 0
}
