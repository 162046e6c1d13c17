
/// What an option's value can be, for shell completion: a fixed set of words (from the same types the validation
/// uses), a file, a camera device, or free text. Declared with the option (`OptionSpec.values`).
enum OptionValues: Equatable, Sendable {
    case choices([String])
    case file
    case camera
    case text

    /// What the option table declares for `spec`.
    static func of(_ spec: OptionSpec) -> OptionValues { spec.values }
}
