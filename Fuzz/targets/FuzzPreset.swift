// libFuzzer target: a preset file either loads into options the option table knows and a preset may keep, or is
// rejected with ConfigFileError; a loaded preset then goes through the same validation as the command line
// (Settings), which accepts it or throws UsageError. Nothing traps.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPreset(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    let preset: Preset
    do {
        preset = try Preset.decode(bytes, name: "fuzz", path: "fuzz.json")
    } catch is ConfigFileError {
        return 0
    } catch {
        preconditionFailure("unexpected error type: \(error)")
    }
    var parsed = ParsedArguments()
    for (option, values) in preset.options.sorted(by: { $0.key < $1.key }) {
        guard let spec = OptionTable.spec(named: option) else { preconditionFailure("unknown option \(option) accepted") }
        precondition(PresetOptions.isStorable(spec), "\(option) may not be kept in a preset")
        for value in values { parsed.add(option, value) }
    }
    do {
        let settings = try Settings(parsed: parsed)
        precondition(settings.mapping.low < settings.mapping.high, "validated range")
    } catch is UsageError {
    } catch {
        preconditionFailure("unexpected error type: \(error)")
    }
    return 0
}
