/// The raw result of parsing: which options were given, with their values in order.
struct ParsedArguments: Sendable {
    private(set) var values: [String: [String]] = [:]

    func has(_ name: String) -> Bool { values[name] != nil }
    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }

    mutating func add(_ name: String, _ value: String) {
        values[name, default: []].append(value)
    }
}

/// Turns `argv` into `ParsedArguments` using `OptionTable`: `--name value`, `--name=value`, `-x value`.
/// Unknown options get a "did you mean"; a missing value or a repeated single option is an error.
enum ArgumentParser {
    static func parse(_ arguments: [String], table: [OptionSpec] = OptionTable.all) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument.count > 1 else {
                throw UsageError("unexpected argument '\(argument)': options start with '--'", options: [])
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let spec = table.first(where: { $0.name == name || $0.short == name }) else {
                throw UsageError("unknown option '\(name)'" + suggestion(for: name, in: table), options: [name])
            }
            if parsed.has(spec.name) && !spec.repeatable {
                throw UsageError("option \(spec.name) is given more than once", options: [spec.name])
            }
            if spec.takesValue {
                if let inlineValue {
                    parsed.add(spec.name, inlineValue)
                } else if index < arguments.count, !looksLikeOption(arguments[index]) {
                    parsed.add(spec.name, arguments[index])
                    index += 1
                } else {
                    throw UsageError("option \(spec.name) needs a value (\(spec.value ?? "VALUE"))", options: [spec.name])
                }
            } else {
                if inlineValue != nil { throw UsageError("option \(spec.name) takes no value", options: [spec.name]) }
                parsed.add(spec.name, "")
            }
        }
        return parsed
    }

    /// A value may start with '-' when it is a number (e.g. `--octave -1`).
    private static func looksLikeOption(_ text: String) -> Bool {
        text.hasPrefix("-") && text.count > 1 && Double(text) == nil
    }

    private static func suggestion(for name: String, in table: [OptionSpec]) -> String {
        let candidates = table.map(\.name)
        let scored = candidates.map { ($0, editDistance(name, $0)) }.min { $0.1 < $1.1 }
        guard let (best, distance) = scored, distance <= max(2, best.count / 3) else { return "" }
        return " (did you mean '\(best)'?)"
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        guard !x.isEmpty else { return y.count }
        guard !y.isEmpty else { return x.count }
        var previous = Array(0...y.count)
        for i in 1...x.count {
            var current = [i] + Array(repeating: 0, count: y.count)
            for j in 1...y.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[y.count]
    }
}
