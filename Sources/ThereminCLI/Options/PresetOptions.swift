import Foundation

/// What a preset may hold and what it may be called: the parsing side of presets (the file side is
/// Config/Preset.swift), kept here so option validation needs nothing beyond the option table.
enum PresetOptions {
    /// Options that belong to a sound, not to a machine or a run (declared with the option: `inPresets`).
    static func isStorable(_ spec: OptionSpec) -> Bool { spec.inPresets }

    /// - Throws: `UsageError` for a name that cannot be a file name.
    static func checkName(_ name: String, option: String) throws {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "._-"))
        guard !name.isEmpty, name.count <= 64, !name.hasPrefix("."), name.unicodeScalars.allSatisfy(allowed.contains) else {
            throw UsageError("\(option) '\(name)' is not a preset name; use letters, digits, '.', '_' and '-' (up to 64)", options: [option])
        }
    }
}

extension ParsedArguments {
    /// The options a preset keeps, as given (after any `--preset` was applied).
    var storableOptions: [String: [String]] {
        var kept: [String: [String]] = [:]
        for (name, values) in values {
            if let spec = OptionTable.spec(named: name), PresetOptions.isStorable(spec) { kept[name] = values }
        }
        return kept
    }
}
