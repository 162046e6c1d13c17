/// An installed LV2 plugin as lilv describes it: what `--list-effects` shows and what decides whether theremin can
/// run it.
public struct LV2Plugin: Sendable, Equatable {
    public var uri: String
    public var name: String
    /// Its class's label ("Reverb Plugin", "Delay Plugin", …).
    public var className: String
    public var ports: [LV2Port]
    /// The features it cannot run without (full URIs).
    public var requiredFeatures: [String]

    public var audioInputs: [LV2Port] { ports.filter { $0.kind == .audioInput } }
    public var audioOutputs: [LV2Port] { ports.filter { $0.kind == .audioOutput } }
    public var controlInputs: [LV2Port] { ports.filter { $0.kind == .controlInput } }

    /// The control input named `symbol`.
    public func control(_ symbol: String) -> LV2Port? { controlInputs.first { $0.symbol == symbol } }
}

/// One port of a plugin.
public struct LV2Port: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case audioInput, audioOutput, controlInput, controlOutput
        /// A port of another type (atom, CV, event): named by its type's URI.
        case other(String)
    }

    public var index: Int
    public var symbol: String
    public var name: String
    public var kind: Kind
    public var minimum: Float?
    public var maximum: Float?
    public var defaultValue: Float?
    /// `lv2:connectionOptional`: the host may leave it unconnected.
    public var isOptional: Bool

    /// "revtime 0.1…30 (default 7.575)  Reverb time (s)"
    public var summary: String {
        let range = minimum.flatMap { low in maximum.map { "\(LV2Port.text(low))…\(LV2Port.text($0))" } } ?? "any"
        let preset = defaultValue.map { " (default \(LV2Port.text($0)))" } ?? ""
        return "\(symbol) \(range)\(preset)  \(name)"
    }

    public static func text(_ value: Float) -> String {
        value == value.rounded() && abs(value) < 1e7 ? String(Int(value)) : String(value)
    }
}
