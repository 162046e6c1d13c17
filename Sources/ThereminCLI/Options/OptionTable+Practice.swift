import ThereminCore

/// The practice options: the intonation report of a recorded trace and its picture.
extension OptionTable {
    static let practice: [OptionSpec] = [
        OptionSpec(name: "--report", short: nil, value: "TRACE", defaultText: nil,
                   help: "print how in tune a recorded trace was: the notes held, cents off each, the time within "
                       + "±10 and ±25 cents (judged against --scale/--root); naming the --record file, report on "
                       + "the take once it is recorded", group: .practice),
        OptionSpec(name: "--plot", short: nil, value: "FILE.png", defaultText: nil,
                   help: "with --report: draw the pitch over time on a note grid, holds coloured by how far off, "
                       + "into a PNG", group: .practice, values: .file),
        OptionSpec(name: "--min-hold", short: nil, value: "MS",
                   defaultText: format(IntonationSettings.minHoldSpec.defaultValue),
                   help: IntonationSettings.minHoldSpec.help, group: .practice),
        OptionSpec(name: "--report-audio", short: nil, value: nil, defaultText: nil,
                   help: "with --report: render the sound and check the figures with the pitch estimator",
                   group: .practice),
    ]
}
