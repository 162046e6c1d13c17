/// theremin's LV2 host: the installed plugins, and effects made from them. lilv's calls are in `Internals/`; this
/// checks what the player asked for before anything plays.
public enum LV2Host {
    /// Every installed plugin (lilv reads LV2_PATH), sorted by URI. With `loadingLibraries`, each plugin that would
    /// otherwise run has its library opened, so one that cannot load is marked with the loader's reason.
    public static func plugins(loadingLibraries: Bool = false) -> [LV2Plugin] {
        let plugins = LV2World.shared.allPlugins()
        guard loadingLibraries else { return plugins }
        var problems: [String: String?] = [:]  // one library serves many plugins (LSP's, Calf's)
        return plugins.map { plugin in
            guard plugin.refusal == nil else { return plugin }
            var checked = plugin
            if let known = problems[plugin.libraryPath] {
                checked.libraryProblem = known
            } else {
                checked.libraryProblem = LV2World.shared.libraryProblem(path: plugin.libraryPath)
                problems[plugin.libraryPath] = .some(checked.libraryProblem)
            }
            return checked
        }
    }

    /// The plugin `uri`, checked: installed, its library loadable, runnable here, `preset` one of its presets and
    /// each value a control input within its range.
    /// - Throws: `LV2Error` for a plugin that is not installed or is refused; `LV2ParameterError` for a bad value
    ///   or preset name.
    public static func check(uri: String, values: [String: Float], preset: String? = nil) throws -> LV2Plugin {
        guard var plugin = LV2World.shared.plugin(uri: uri) else { throw LV2Error(uri: uri, problem: .notInstalled) }
        if let refusal = plugin.refusal { throw LV2Error(uri: uri, problem: .refused(refusal)) }
        plugin.libraryProblem = LV2World.shared.libraryProblem(path: plugin.libraryPath)
        if let refusal = plugin.refusal { throw LV2Error(uri: uri, problem: .refused(refusal)) }
        if let preset, plugin.preset(preset) == nil {
            let names = plugin.presets.map { "'\($0.label)'" }
            throw LV2ParameterError(uri: uri, problem: "has no preset '\(preset)'; "
                + (names.isEmpty ? "it ships none" : "its presets: " + names.joined(separator: ", ")))
        }
        for (symbol, value) in values.sorted(by: { $0.key < $1.key }) {
            guard let port = plugin.control(symbol) else {
                throw LV2ParameterError(uri: uri, problem: "has no control '\(symbol)'; its controls: "
                    + plugin.controlInputs.map(\.symbol).joined(separator: ", "))
            }
            if let low = port.minimum, let high = port.maximum, !(low...high).contains(value) {
                throw LV2ParameterError(uri: uri, problem: "\(symbol) \(LV2Port.text(value)) is outside "
                    + "\(LV2Port.text(low))…\(LV2Port.text(high))")
            }
        }
        return plugin
    }

    /// The render-side effect: `plugin` instantiated at `sampleRate`, `preset` (a label or URI `check` accepted)
    /// restored, then `values` set.
    /// - Parameter realTime: live play (the worker on its own thread) or an offline render (work done at once, so
    ///   renders are the same every time).
    /// - Throws: `LV2Error` when it does not instantiate.
    public static func effect(_ plugin: LV2Plugin, values: [String: Float], preset: String? = nil,
                              sampleRate: Double, realTime: Bool = true) throws -> LV2Effect {
        try LV2Effect(plugin: plugin, values: values, preset: preset.flatMap { plugin.preset($0)?.uri },
                      sampleRate: sampleRate, realTime: realTime)
    }
}

/// A control value or preset an LV2 plugin does not have or does not accept; a usage error (exit status 2).
public struct LV2ParameterError: Error, Sendable, CustomStringConvertible {
    public let uri: String
    public let problem: String
    public var description: String { "--effect lv2:\(uri): \(problem)" }
}
