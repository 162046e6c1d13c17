import ThereminCore

/// One command-line option declared once, typed: its description (`spec`: name, short flag, placeholder, help,
/// group, where it applies), the parser that turns its text into a value while checking the range or choices, and
/// its default value, from which the `[default: …]` of `--help` and the man page is derived. The settings read the
/// value through the declaration (`ParsedArguments.value(_:)`); help, man page, completions, presets and the
/// bad-input matrix read the spec. Declarations: `Options` (Options+*.swift), in the order `--help` lists them.
struct Option<Value: Sendable>: Sendable {
    let spec: OptionSpec
    /// What the program uses when the option is not given (nil: nothing, or a default that depends on the run).
    let defaultValue: Value?
    private let parser: @Sendable (String) throws -> Value

    var name: String { spec.name }

    /// - Throws: `UsageError` naming the option, the value and what is accepted.
    func parse(_ text: String) throws -> Value { try parser(text) }

    /// - Parameters:
    ///   - defaultText: how `--help` shows the default when it is not the default value itself (e.g. "first
    ///     camera"); by default the value, described by `describe`.
    init(_ name: String, short: String? = nil, value placeholder: String?, help: String, group: OptionSpec.Group,
         default defaultValue: Value? = nil, defaultText: String? = nil,
         describe: @Sendable (Value) -> String = { "\($0)" }, values: OptionValues? = nil, repeatable: Bool = false,
         inPresets: Bool? = nil, writes: OptionSpec.Written? = nil, parse: @escaping @Sendable (String) throws -> Value) {
        spec = OptionSpec(name: name, short: short, value: placeholder,
                          defaultText: defaultText ?? defaultValue.map(describe), help: help, group: group,
                          repeatable: repeatable, values: values, inPresets: inPresets, writes: writes)
        self.defaultValue = defaultValue
        parser = parse
    }
}

extension Option where Value == Bool {
    /// A flag: present or not.
    static func flag(_ name: String, short: String? = nil, help: String, group: OptionSpec.Group,
                     inPresets: Bool? = nil) -> Option {
        Option(name, short: short, value: nil, help: help, group: group, inPresets: inPresets) { _ in true }
    }
}

extension Option where Value == String {
    /// Free text, a file or a device name, taken as given (the command that uses it checks it).
    static func text(_ name: String, short: String? = nil, value placeholder: String, help: String,
                     group: OptionSpec.Group, default defaultValue: String? = nil, defaultText: String? = nil,
                     values: OptionValues? = nil, repeatable: Bool = false, inPresets: Bool? = nil,
                     writes: OptionSpec.Written? = nil) -> Option {
        Option(name, short: short, value: placeholder, help: help, group: group, default: defaultValue,
               defaultText: defaultText, values: values, repeatable: repeatable, inPresets: inPresets,
               writes: writes) { $0 }
    }
}

extension Option where Value == Double {
    /// A number within a parameter's range; the parameter gives the default and, unless `help` is given, the help.
    static func number(_ name: String, value placeholder: String, parameter: ParameterSpec, help: String? = nil,
                       group: OptionSpec.Group, hasDefault: Bool = true, defaultText: String? = nil,
                       inPresets: Bool? = nil) -> Option {
        Option(name, value: placeholder, help: help ?? parameter.help, group: group,
               default: hasDefault ? parameter.defaultValue : nil, defaultText: defaultText,
               describe: OptionTable.format, inPresets: inPresets) { text in
            guard let value = Double(text), parameter.accepts(value) else {
                let range = parameter.range
                throw UsageError("\(name) '\(text)' is out of range; use a number from \(Settings.hz(range.lowerBound)) "
                                 + "to \(Settings.hz(range.upperBound))\(parameter.unit.isEmpty ? "" : " " + parameter.unit)", options: [name])
            }
            return value
        }
    }
}

extension Option where Value == Int {
    /// A whole number within `range` (a leading `+` allowed when `signed`); `refusal` completes the error line
    /// "NAME 'TEXT' …".
    static func integer(_ name: String, value placeholder: String, help: String, group: OptionSpec.Group,
                        default defaultValue: Int? = nil, defaultText: String? = nil, range: ClosedRange<Int>,
                        signed: Bool = false, inPresets: Bool? = nil, refusal: String) -> Option {
        integer(name, value: placeholder, help: help, group: group, default: defaultValue, defaultText: defaultText,
                values: nil, signed: signed, inPresets: inPresets, refusal: refusal, accepts: range.contains)
    }

    /// One of a few whole numbers (the completions offer them).
    static func integer(_ name: String, value placeholder: String, help: String, group: OptionSpec.Group,
                        default defaultValue: Int, allowed: [Int], inPresets: Bool? = nil, refusal: String) -> Option {
        integer(name, value: placeholder, help: help, group: group, default: defaultValue, defaultText: nil,
                values: .choices(allowed.map(String.init)), signed: false, inPresets: inPresets, refusal: refusal,
                accepts: allowed.contains)
    }

    private static func integer(_ name: String, value placeholder: String, help: String, group: OptionSpec.Group,
                                default defaultValue: Int?, defaultText: String?, values: OptionValues?, signed: Bool,
                                inPresets: Bool?, refusal: String,
                                accepts: @escaping @Sendable (Int) -> Bool) -> Option {
        Option(name, value: placeholder, help: help, group: group, default: defaultValue, defaultText: defaultText,
               values: values, inPresets: inPresets) { text in
            let digits = signed && text.hasPrefix("+") ? String(text.dropFirst()) : text
            guard let value = Int(digits), accepts(value) else { throw UsageError("\(name) '\(text)' \(refusal)", options: [name]) }
            return value
        }
    }
}

extension Option where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One of an enumeration's cases by its raw value (any letter case); `refusal` completes "NAME 'TEXT' …" and
    /// `accepted` lists the choices when ", " between them does not read well. A default that depends on the run is
    /// nil, with `defaultText` saying what it is.
    static func choice(_ name: String, short: String? = nil, value placeholder: String, help: String,
                       group: OptionSpec.Group, default defaultValue: Value?, defaultText: String? = nil,
                       refusal: String, accepted: String? = nil, inPresets: Bool? = nil) -> Option {
        let words = Value.allCases.map(\.rawValue)
        let list = accepted ?? words.joined(separator: ", ")
        return Option(name, short: short, value: placeholder, help: help, group: group, default: defaultValue,
                      defaultText: defaultText, describe: { $0.rawValue }, values: .choices(words), inPresets: inPresets) { text in
            guard let value = Value(rawValue: text.lowercased()) else {
                throw UsageError("\(name) '\(text)' \(refusal); use \(list)", options: [name])
            }
            return value
        }
    }
}

/// An option of any value type, for the lists that only read the description.
protocol AnyOption: Sendable {
    var spec: OptionSpec { get }
}

extension Option: AnyOption {}

extension ParsedArguments {
    /// The option's value, parsed from the last time it was given (nil when it was not).
    /// - Throws: `UsageError` from the option's parser.
    func value<V>(_ option: Option<V>) throws -> V? {
        try value(option.name).map(option.parse)
    }

    /// Every value given for a repeatable option, in order.
    func all<V>(_ option: Option<V>) throws -> [V] {
        try all(option.name).map(option.parse)
    }

    func has<V>(_ option: Option<V>) -> Bool { has(option.name) }
}
