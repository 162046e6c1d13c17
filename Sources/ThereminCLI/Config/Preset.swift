import Foundation

/// A saved combination of sound, mapping and musicianship options: `$XDG_CONFIG_HOME/theremin/presets/NAME.json`,
/// `{"version": 1, "options": {"wave": "theremin", "vibrato": "5.5,15", "effect": ["lowpass:cutoff=2000"], …}}`.
/// Options are stored as the command line writes them (without the dashes), so a preset is validated by exactly the
/// code that validates the command line; options given on the command line override the preset's.
struct Preset: Equatable {
    static let version = 1

    let name: String
    /// Option name (with dashes) → its values in order (flags: one empty string).
    var options: [String: [String]]

    static func path(name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        ConfigFiles.path("presets", "\(name).json", environment: environment)
    }

    /// Reads and checks a preset file.
    /// - Throws: `ConfigFileError` naming the file and what is wrong with it.
    static func load(name: String, path: String) throws -> Preset {
        func fail(_ problem: String) -> ConfigFileError { ConfigFileError(path: path, problem: "preset '\(name)' \(problem)") }
        guard FileManager.default.fileExists(atPath: path) else {
            throw fail("does not exist; save one with --save-preset \(name)")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw fail("cannot be read (check its permissions)") }
        return try decode(data, name: name, path: path)
    }

    /// Checks a preset file's contents (also the fuzzing entry point, Fuzz/targets/FuzzPreset.swift).
    /// - Throws: `ConfigFileError` naming `path` and what is wrong.
    static func decode(_ data: Data, name: String, path: String) throws -> Preset {
        func fail(_ problem: String) -> ConfigFileError { ConfigFileError(path: path, problem: "preset '\(name)' \(problem)") }
        guard let document = try? JSONValue.parse(data) else { throw fail("is not valid JSON; fix it or save the preset again") }
        guard case .object(let fields) = document else { throw fail("should be a JSON object with 'version' and 'options'") }
        guard case .number(let version)? = fields["version"], version == version.rounded(), version >= 1 else {
            throw fail("has no version number; expected \"version\": \(Preset.version)")
        }
        guard version <= Double(Preset.version) else {
            throw fail("was saved by a newer theremin (format \(JSONValue.text(version)); this one reads \(Preset.version)): update theremin or save it again")
        }
        guard case .object(let stored)? = fields["options"] else { throw fail("has no 'options' object") }
        var options: [String: [String]] = [:]
        for (key, value) in stored {
            let name = key.hasPrefix("--") ? key : "--" + key
            guard let spec = OptionTable.spec(named: name), name.hasPrefix("--") else {
                throw fail("has an unknown option '\(key)'")
            }
            guard PresetOptions.isStorable(spec) else { throw fail("has option '\(key)', which a preset cannot keep") }
            let wrongType = fail("option '\(key)' should be \(spec.takesValue ? (spec.repeatable ? "a string or a list of strings" : "a string or a number") : "true or false"), not \(value.typeName)")
            switch (spec.takesValue, value) {
            case (false, .bool(let on)): if on { options[name] = [""] }
            case (true, .string(let text)): options[name] = [text]
            case (true, .number(let number)):
                options[name] = [JSONValue.text(number)]
            case (true, .array(let items)) where spec.repeatable:
                options[name] = try items.map { item -> String in
                    guard case .string(let text) = item else { throw wrongType }
                    return text
                }
            default: throw wrongType
            }
        }
        return Preset(name: name, options: options)
    }

    /// Saves the preset (temporary file + rename), creating the presets folder.
    func save(path: String) throws {
        var stored: [String: JSONValue] = [:]
        for (name, values) in options {
            guard let spec = OptionTable.spec(named: name) else { continue }
            let key = String(name.dropFirst(2))
            if !spec.takesValue {
                stored[key] = .bool(true)
            } else if spec.repeatable {
                stored[key] = .array(values.map(JSONValue.string))
            } else if let last = values.last {
                stored[key] = .string(last)
            }
        }
        let document = JSONValue.object(["version": .number(Double(Preset.version)), "options": .object(stored)])
        try ConfigFiles.write(document.serialized(), to: path, createFolder: true)
    }
}
