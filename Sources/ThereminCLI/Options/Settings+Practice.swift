import ThereminCore

/// The practice options (`--report`, `--plot`, `--min-hold`, `--report-audio`), validated.
struct PracticeSettings: Sendable {
    /// `--plot`: where to draw the report's picture (PNG).
    var plot: String?
    /// `--min-hold` in seconds.
    var minHold = IntonationSettings.minHoldSpec.defaultValue / 1000
    /// `--report-audio`: check the figures against the rendered sound.
    var checkAudio = false

    func isReport(_ mode: Settings.Mode) -> Bool {
        if case .report = mode { return true }
        return false
    }

    mutating func read(_ parsed: ParsedArguments, mode: Settings.Mode, record: String?) throws {
        plot = parsed.value("--plot")
        minHold = (try Settings.number(parsed, "--min-hold", IntonationSettings.minHoldSpec)).map { $0 / 1000 } ?? minHold
        checkAudio = parsed.has("--report-audio")
        guard isReport(mode) else {
            if let stray = ["--plot", "--min-hold", "--report-audio"].first(where: parsed.has) {
                throw UsageError("\(stray) needs --report TRACE")
            }
            return
        }
        if let plot, plot.isEmpty || plot.hasSuffix("/") || !plot.lowercased().hasSuffix(".png") {
            throw UsageError("--plot '\(plot)' is not a PNG file name; give one ending in .png, e.g. take.png")
        }
        if record != nil {
            throw UsageError("--record does not apply to --report (the trace is already recorded)")
        }
    }
}
