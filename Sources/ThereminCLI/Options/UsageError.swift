import ThereminCore

/// A mistake on the command line or in an input the user named: printed as one line, exit status 2.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    /// The options the mistake is about, as the option table names them (e.g. `--wave`): a preset's option among
    /// them makes the mistake the preset's (`PresetApplication`), without reading the message.
    public let options: [String]

    public init(_ message: String, options: [String]) {
        self.message = message
        self.options = options
    }

    @available(*, deprecated, message: "name the options the mistake is about: UsageError(_:options:)")
    public init(_ message: String) {
        self.init(message, options: [])
    }

    public var description: String { message }
}

extension UsageError: ReportableError {
    public var failureKind: FailureKind { .usage }
}
