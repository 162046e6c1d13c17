import Foundation
import ThereminCore

/// The one-line live display: time, note, cents off, frequency and level. On a terminal it is redrawn in place;
/// otherwise it prints a plain line now and then, so logs stay readable.
final class StatusLine {
    private let terminal: Terminal
    private var lastPlainPrint = -Double.infinity
    private var drewInPlace = false

    init(terminal: Terminal = .forStream(STDOUT_FILENO)) {
        self.terminal = terminal
    }

    /// The text for one reading; nil frequency means no hand / silence.
    static func text(time: Double?, frequency: Double?, level: Double, extra: String = "") -> String {
        var parts: [String] = []
        if let time { parts.append(formatTime(time)) }
        if let frequency, level > 0.001 {
            let note = Note.nearest(to: frequency)
            parts.append(note.name.padding(toLength: 4, withPad: " ", startingAt: 0))
            parts.append(String(format: "%+3.0f¢", note.cents))
            parts.append(String(format: "%7.2f Hz", frequency))
        } else {
            parts.append("--   ---¢     --- Hz")
        }
        parts.append("level " + meter(level))
        if !extra.isEmpty { parts.append(extra) }
        return parts.joined(separator: "  ")
    }

    static func meter(_ level: Double, width: Int = 10) -> String {
        let filled = Int((min(max(level, 0), 1) * Double(width)).rounded())
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "]"
    }

    static func formatTime(_ seconds: Double) -> String {
        let whole = Int(seconds)
        return String(format: "%d:%02d.%d", whole / 60, whole % 60, Int((seconds - Double(whole)) * 10))
    }

    /// Shows `text`: in place on a terminal, or as a plain line at most every `plainInterval` seconds. The text is
    /// only made when it is shown: off a terminal that is once a second, not at every refresh (about 60 a second).
    func update(_ text: @autoclosure () -> String, now: Double, plainInterval: Double = 1) {
        if terminal.isInteractive {
            Output.out("\r\u{1B}[2K" + text())
            drewInPlace = true
        } else if now - lastPlainPrint >= plainInterval {
            Output.out(text() + "\n")
            lastPlainPrint = now
        }
    }

    /// Ends the in-place line so later output starts on a fresh line.
    func finish() {
        if drewInPlace { Output.out("\n") }
        drewInPlace = false
    }
}
