import ThereminCore

/// Why the preview window could not be opened or drawn.
public struct PreviewError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable {
        /// No display to show a window on (DISPLAY unset or unreachable): fall back to the terminal.
        case noDisplay
        /// The GUI toolkit failed to create or update the window.
        case window
        /// A drawing step failed (a malformed picture or frame).
        case drawing
        case outOfMemory
    }

    public let kind: Kind
    /// What failed, with the toolkit's or system's reason.
    public let problem: String

    public init(kind: Kind, problem: String) {
        self.kind = kind
        self.problem = problem
    }

    public var description: String { problem }
}

extension PreviewError: ReportableError {
    /// The window failing while playing (or its library missing) is a runtime failure; without a display the live
    /// session falls back to the terminal before this is ever thrown.
    public var failureKind: FailureKind { .runtime }
}
