import Foundation

/// `--preset NAME`: the parsed command line with a preset's options filled in wherever the command line does not
/// give them. The merged options are validated together by `Settings`; a complaint about an option that came from
/// the preset is reported against the preset file.
struct PresetApplication {
    let merged: ParsedArguments
    /// Preset options the command line did not override, and the file they came from.
    let fromPreset: Set<String>
    let name: String?
    let path: String?

    /// - Throws: `ConfigFileError` for a missing, corrupt, wrong-type or future-version preset; `UsageError` for a
    ///   bad name.
    init(_ parsed: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard let name = try parsed.value(Options.preset) else {
            (merged, fromPreset, self.name, path) = (parsed, [], nil, nil)
            return
        }
        let path = Preset.path(name: name, environment: environment)
        let preset = try Preset.load(name: name, path: path)
        var merged = parsed
        var fromPreset: Set<String> = []
        for (option, values) in preset.options.sorted(by: { $0.key < $1.key }) where !parsed.has(option) {
            for value in values { merged.add(option, value) }
            fromPreset.insert(option)
        }
        (self.merged, self.fromPreset, self.name, self.path) = (merged, fromPreset, name, path)
    }

    /// The error to show for a validation failure: against the preset when it is about one of the preset's options.
    func error(for usage: UsageError) -> Error {
        guard let name, let path, usage.options.contains(where: fromPreset.contains) else { return usage }
        return ConfigFileError(path: path, problem: "preset '\(name)': \(usage.message)")
    }
}

extension Settings {
    /// Parses and validates `arguments` with `--preset NAME` applied: what the program runs with.
    /// - Throws: `UsageError`, or `ConfigFileError` for a preset that cannot be used.
    init(arguments: [String], applyingPresetsFrom environment: [String: String]) throws {
        let preset = try PresetApplication(ArgumentParser.parse(arguments), environment: environment)
        do {
            try self.init(parsed: preset.merged)
            self.arguments = arguments
        } catch let error as UsageError {
            throw preset.error(for: error)
        }
        // Every preset of the set list is read now, before any device: a missing one is an input error at the start.
        if actions.setlist != nil { presetSounds = try PresetList.forLivePlay(self, environment: environment) }
    }
}
