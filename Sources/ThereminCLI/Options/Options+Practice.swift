import ThereminCore

/// The practice options: the intonation report of a recorded trace and its picture.
extension Options {
    static let practice: [any AnyOption] = [report, plot, minHold, reportAudio]

    static let report = Option.text("--report", value: "TRACE",
                                    help: "print how in tune a recorded trace was: the notes held, cents off each, the time within "
                                        + "±10 and ±25 cents (judged against --scale/--root); naming the --record file, report on "
                                        + "the take once it is recorded", group: .practice)
    static let plot = Option.text("--plot", value: "FILE.png",
                                  help: "with --report: draw the pitch over time on a note grid, holds coloured by how far off, "
                                      + "into a PNG", group: .practice, values: .file, writes: .renamedIntoPlace)
    static let minHold = Option.number("--min-hold", value: "MS", parameter: IntonationSettings.minHoldSpec, group: .practice)
    static let reportAudio = Option.flag("--report-audio",
                                         help: "with --report: render the sound and check the figures with the pitch estimator",
                                         group: .practice)
}
