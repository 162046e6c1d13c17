import Foundation

/// The player's remembered choices in `config.json` (JSON with a `version` field). Keys this code does not know
/// are kept when it saves, so other parts of theremin can store their own.
struct UserConfig: Equatable {
    static let version = 1
    static let fileName = "config.json"

    /// Whether the start/stop and calibration cues are silent (the `--mute-cues` option and the preview's mute key).
    var cuesMuted = false
    /// Whether the instrument itself was muted with the `m` key when it last stopped.
    var muted = false
    private var other: [String: JSONValue] = [:]

    static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        ConfigFiles.path(fileName, environment: environment)
    }

    /// Reads the config. A missing file gives the defaults; a corrupt or unreadable one gives the defaults and a
    /// one-line warning to show, and is left as it is until the next save replaces it.
    static func load(path: String) -> (config: UserConfig, warning: String?) {
        guard FileManager.default.fileExists(atPath: path) else { return (UserConfig(), nil) }
        guard let data = FileManager.default.contents(atPath: path) else {
            return (UserConfig(), "warning: \(path) cannot be read (check its permissions); using the defaults")
        }
        guard case .object(var fields)? = try? JSONValue.parse(data) else {
            return (UserConfig(), "warning: \(path) is not valid JSON; using the defaults (it is replaced when a setting is saved)")
        }
        if case .number(let version)? = fields["version"], version > Double(UserConfig.version) {
            return (UserConfig(), "warning: \(path) is from a newer theremin (version \(JSONValue.text(version))); using the defaults")
        }
        var config = UserConfig()
        if let muted = fields.removeValue(forKey: "cuesMuted") {
            guard case .bool(let value) = muted else {
                return (UserConfig(), "warning: \(path): cuesMuted should be true or false; using the defaults")
            }
            config.cuesMuted = value
        }
        if let muted = fields.removeValue(forKey: "muted") {
            guard case .bool(let value) = muted else {
                return (UserConfig(), "warning: \(path): muted should be true or false; using the defaults")
            }
            config.muted = value
        }
        fields.removeValue(forKey: "version")
        config.other = fields
        return (config, nil)
    }

    /// The config at the standard path; a problem with it is printed (one line) and the defaults are used.
    static func loadReporting() -> UserConfig {
        let (config, warning) = load(path: path())
        if let warning { Output.err("theremin: \(warning)\n") }
        return config
    }

    /// Loads config.json, applies `change` and saves it; returns its path and the load's warning, if any.
    /// - Throws: `ConfigFileError` when it cannot be saved.
    static func update(_ change: (inout UserConfig) -> Void) throws -> (path: String, warning: String?) {
        let path = path()
        var (config, warning) = load(path: path)
        change(&config)
        try config.save(path: path)
        return (path, warning)
    }

    /// Remembers the mute key's state for the next run; returns a problem to show, if any (the live session's
    /// `rememberMute`).
    static func rememberMute(_ muted: Bool) -> String? {
        do {
            return try update { $0.muted = muted }.warning
        } catch {
            return "could not remember the mute state: \(error)"
        }
    }

    /// Saves through a temporary file and a rename.
    func save(path: String) throws {
        var fields = other
        fields["version"] = .number(Double(UserConfig.version))
        fields["cuesMuted"] = .bool(cuesMuted)
        fields["muted"] = .bool(muted)
        try ConfigFiles.write(JSONValue.object(fields).serialized(), to: path, createFolder: true)
    }
}
