import Foundation

/// What the terminal can do: whether a stream is a terminal (so lines can be redrawn in place) and whether colour
/// is wanted (`NO_COLOR` honoured).
struct Terminal: Sendable {
    let isInteractive: Bool
    let useColor: Bool

    static func forStream(_ descriptor: Int32) -> Terminal {
        let tty = TerminalCalls.isTerminal(descriptor)
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let dumb = ProcessInfo.processInfo.environment["TERM"] == "dumb"
        return Terminal(isInteractive: tty && !dumb, useColor: tty && !noColor && !dumb)
    }

    func bold(_ text: String) -> String { useColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    func dim(_ text: String) -> String { useColor ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
}

/// Writes to stdout or stderr without buffering surprises.
enum Output {
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func err(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
