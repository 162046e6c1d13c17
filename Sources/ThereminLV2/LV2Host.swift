/// theremin's LV2 host: the installed plugins, and effects made from them. lilv's calls are in
/// `Internals/LilvCalls.swift`; this checks what the player asked for before anything plays.
public enum LV2Host {
    /// Every installed plugin (lilv reads LV2_PATH), sorted by URI.
    public static func plugins() -> [LV2Plugin] { LV2World.shared.allPlugins() }

    /// The plugin `uri`, checked: installed, runnable here, and each value a control input within its range.
    /// - Throws: `LV2Error` for a plugin that is not installed or is refused; `LV2ParameterError` for a bad value.
    public static func check(uri: String, values: [String: Float]) throws -> LV2Plugin {
        guard let plugin = LV2World.shared.plugin(uri: uri) else { throw LV2Error(uri: uri, problem: .notInstalled) }
        if let refusal = plugin.refusal { throw LV2Error(uri: uri, problem: .refused(refusal)) }
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

    /// The render-side effect: `plugin` instantiated at `sampleRate` with `values`.
    /// - Throws: `LV2Error` when it does not instantiate.
    public static func effect(_ plugin: LV2Plugin, values: [String: Float], sampleRate: Double) throws -> LV2Effect {
        try LV2Effect(plugin: plugin, values: values, sampleRate: sampleRate)
    }
}

/// A control value an LV2 plugin does not have or does not accept; a usage error (exit status 2).
public struct LV2ParameterError: Error, Sendable, CustomStringConvertible {
    public let uri: String
    public let problem: String
    public var description: String { "--effect lv2:\(uri): \(problem)" }
}
