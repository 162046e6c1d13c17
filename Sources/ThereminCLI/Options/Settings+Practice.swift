import ThereminCore

/// The practice options (`--report`, `--plot`, `--min-hold`, `--report-audio`), validated. `--report` names a
/// recorded trace (the report mode), or the file `--record` writes (a report once the take is recorded).
struct PracticeSettings: Sendable {
    /// `--plot`: where to draw the report's picture (PNG).
    var plot: String?
    /// `--min-hold` in seconds.
    var minHold = IntonationSettings.minHoldSpec.defaultValue / 1000
    /// `--report-audio`: check the figures against the rendered sound.
    var checkAudio = false
    /// `--record TAKE --report TAKE`: report on the recording once the run has finished.
    var reportAfterRecording: String?

    func isReport(_ mode: Settings.Mode) -> Bool {
        if mode.kind == .report { return true }
        return false
    }

    mutating func read(_ parsed: ParsedArguments, mode: Settings.Mode, record: String?) throws {
        plot = try parsed.value(Options.plot)
        minHold = try parsed.value(Options.minHold).map { $0 / 1000 } ?? minHold
        checkAudio = parsed.has(Options.reportAudio)
        if !isReport(mode), let report = try parsed.value(Options.report) {
            // Settings chose a recording mode because --record names this file: report on it afterwards.
            guard ModeTable.entry(mode.kind).reportsOnItsTake else {
                throw UsageError("--report \(report) with --record applies to \(ModeTable.listing(\.reportsOnItsTake))",
                                 options: [Options.report.name, Options.record.name])
            }
            reportAfterRecording = report
        }
        guard isReport(mode) || reportAfterRecording != nil else {
            if let stray = [Options.plot.name, Options.minHold.name, Options.reportAudio.name].first(where: parsed.has) {
                throw UsageError("\(stray) needs --report TRACE", options: [stray, "--report"])
            }
            return
        }
        if let plot, plot.isEmpty || plot.hasSuffix("/") || !plot.lowercased().hasSuffix(".png") {
            throw UsageError("--plot '\(plot)' is not a PNG file name; give one ending in .png, e.g. take.png", options: ["--plot"])
        }
        if record != nil, reportAfterRecording == nil {
            throw UsageError("--record does not apply to --report (the trace is already recorded); to report on a "
                             + "new take, give both the same file: --record take.csv --report take.csv", options: ["--record", "--report"])
        }
    }
}
