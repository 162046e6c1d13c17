/// Describes one user-settable parameter as data (name, default, range, unit), so that `--help`, validation, presets
/// and the preview all read the same facts.
public struct ParameterSpec: Sendable, Equatable {
    public let name: String
    public let defaultValue: Double
    public let range: ClosedRange<Double>
    public let unit: String
    public let help: String

    public init(name: String, defaultValue: Double, range: ClosedRange<Double>, unit: String, help: String) {
        self.name = name
        self.defaultValue = defaultValue
        self.range = range
        self.unit = unit
        self.help = help
    }

    /// True when `value` is finite and inside the range.
    public func accepts(_ value: Double) -> Bool {
        value.isFinite && range.contains(value)
    }
}
