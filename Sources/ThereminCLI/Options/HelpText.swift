/// `theremin --help`, generated from the mode and option tables so it can never fall behind them.
enum HelpText {
    static func render() -> String {
        var text = """
        theremin \(Version.current): play a tone by moving your index finger in front of a webcam.
        Height sets pitch (top = high), sideways position sets volume (right = loud).

        Usage:

        """
        text += ModeTable.all.map(usageLine).joined()
        for group in OptionSpec.Group.allCases {
            let specs = OptionTable.all.filter { $0.group == group }
            guard !specs.isEmpty else { continue }
            text += "\n\(group.rawValue):\n"
            for spec in specs {
                var left = "  " + (spec.short.map { "\($0), " } ?? "    ") + spec.name
                if let value = spec.value { left += " " + value }
                var right = spec.help
                if let value = spec.defaultText { right += " [default: \(value)]" }
                if spec.repeatable { right += " (repeatable)" }
                let column = 30
                let gap: String = left.count >= column ? "\n" + String(repeating: " ", count: column + 1)
                                                       : String(repeating: " ", count: column - left.count + 1)
                text += left + gap + right + "\n"
            }
        }
        text += "\nKeys while playing (terminal or preview window):\n" + KeyBindings.helpLines.joined(separator: "\n") + "\n"
        text += """

        Exit status: 0 success, 1 runtime failure, 2 usage or input error.
        Traces are CSV (t,x,y,present,...); see docs/guide.md (Trace format) for the format.

        """
        return text
    }

    /// One mode's line: its command line, then what it does in a column (on the next line when the command is long).
    private static func usageLine(_ mode: ModeEntry) -> String {
        let left = "  theremin " + mode.synopsis
        let column = 44
        let gap = left.count >= column ? "\n" + String(repeating: " ", count: column) : String(repeating: " ", count: column - left.count)
        return left + gap + mode.summary + "\n"
    }
}
