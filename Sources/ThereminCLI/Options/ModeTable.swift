import ThereminDevices

/// One way of running theremin, declared once: `Settings` resolves it from the option that selects it,
/// `CommandLineTool` runs its command, and `--help`, the man page's SYNOPSIS and the completions list it.
struct ModeEntry: Sendable {
    let kind: Settings.Mode.Kind
    /// The option that selects the mode; nil for live play, the default.
    let option: String?
    /// The command line after `theremin`, e.g. `--replay TRACE [--output FILE]`.
    let synopsis: String
    let summary: String
    /// The options of `ModeTable.modeBound` that mean something in this mode; the others are refused with it.
    let applies: Set<String>
    /// Builds the mode from the parsed options (its option is given).
    let resolve: @Sendable (ParsedArguments) throws -> Settings.Mode
    /// Runs the mode's command and returns how it ended (and the take it recorded).
    let run: @Sendable (Settings) throws -> RunResult

    // The mode's rules, set with the modifiers below (none by default).
    /// Whether `--output` renders this mode into a file.
    private(set) var rendersOutput = false
    /// Whether `--record FILE --report FILE` records this mode and then reports on the take.
    private(set) var reportsOnItsTake = false
    /// When the mode plays live through the sound card with the keys: nil never, else unless one of `options` is
    /// given, the run then described as `described` ("tracked offline").
    private(set) var playsLive: (unlessGiven: [String], described: String)?
    /// Options refused in this mode, each with the reason.
    private(set) var refuses: [String: String] = [:]
    /// Whether a run names, when it starts, the takes interrupted runs left (the modes that play or record).
    private(set) var namesLeftoverTakes = false
    /// Whether `--midi-file` writes this mode's performance as a MIDI file.
    private(set) var writesMIDIFile = false
    /// Whether the run goes through the live session (LivePlay) though the mode does not play live (`--calibrate`);
    /// a mode that plays live goes through it while it does.
    private(set) var runsLiveSession = false
    /// The outputs the mode still writes in a run without the live session (`--osc-out` from `--replay`, and from
    /// `--input` tracked offline): a live-session option that reads one applies with it (`ModeTable.liveSession`).
    private(set) var outputsWithoutLiveSession: Set<String> = []
    /// What `--play-along SCORE` is for in this mode; nil where it is refused.
    private(set) var playAlong: PlayAlongUse?

    enum PlayAlongUse: Sendable {
        /// The score is played along with: its notes must lie in the playing range.
        case played
        /// A take is judged against it.
        case judged
    }

    init(kind: Settings.Mode.Kind, option: String?, synopsis: String, summary: String, applies: Set<String>,
         resolve: @escaping @Sendable (ParsedArguments) throws -> Settings.Mode,
         run: @escaping @Sendable (Settings) throws -> Outcome) {
        self.init(kind: kind, option: option, synopsis: synopsis, summary: summary, applies: applies, resolve: resolve,
                  recording: { RunResult(try run($0)) })
    }

    /// A mode whose command may record a take, and says where it went.
    init(kind: Settings.Mode.Kind, option: String?, synopsis: String, summary: String, applies: Set<String>,
         resolve: @escaping @Sendable (ParsedArguments) throws -> Settings.Mode,
         recording run: @escaping @Sendable (Settings) throws -> RunResult) {
        self.kind = kind
        self.option = option
        self.synopsis = synopsis
        self.summary = summary
        self.applies = applies
        self.resolve = resolve
        self.run = run
    }

    /// The mode as the user names it in a message: its option, or "live play".
    var label: String { option ?? "live play" }

    /// The mode as a message asks for it: its option with its value's placeholder (`--replay TRACE`).
    var invocation: String {
        guard let option else { return label }
        return OptionTable.spec(named: option)?.value.map { "\(option) \($0)" } ?? option
    }

    func renderingOutput() -> ModeEntry { with { $0.rendersOutput = true } }
    func reportingOnItsTake() -> ModeEntry { with { $0.reportsOnItsTake = true } }
    func playingLive(unlessGiven options: [String] = [], described: String = "") -> ModeEntry {
        with { $0.playsLive = (options, described) }
    }
    func refusing(_ option: String, because reason: String) -> ModeEntry { with { $0.refuses[option] = reason } }
    func namingLeftoverTakes() -> ModeEntry { with { $0.namesLeftoverTakes = true } }
    func writingMIDIFile() -> ModeEntry { with { $0.writesMIDIFile = true } }
    func runningLiveSession() -> ModeEntry { with { $0.runsLiveSession = true } }
    func playingAlong(_ use: PlayAlongUse) -> ModeEntry { with { $0.playAlong = use } }
    func writingWithoutLiveSession(_ outputs: String...) -> ModeEntry {
        with { $0.outputsWithoutLiveSession.formUnion(outputs) }
    }

    /// Whether a run of the mode writing the files of `writes` (their options) plays live through the sound card
    /// with the keys.
    func playsLive(writing writes: Set<String>) -> Bool {
        guard let live = playsLive else { return false }
        return !live.unlessGiven.contains(where: writes.contains)
    }

    /// Whether a run writing `writes` goes through the live session: while the mode plays live, or always for a
    /// mode that runs it without playing.
    func runsLiveSession(writing writes: Set<String>) -> Bool {
        runsLiveSession || playsLive(writing: writes)
    }

    /// The mode as it plays live, for a message: "the camera" for live play, else the mode without the files that
    /// make it run offline ("--input without --record/--output"); nil for a mode that never plays live.
    var whenLive: String? {
        guard let live = playsLive else { return nil }
        guard let option else { return "the camera" }
        return live.unlessGiven.isEmpty ? option : "\(option) without \(live.unlessGiven.joined(separator: "/"))"
    }

    private func with(_ change: (inout ModeEntry) -> Void) -> ModeEntry {
        var entry = self
        change(&entry)
        return entry
    }
}

/// The modes, in the order `--help` lists them. Two given at once are refused, except the pair `absorbs` names.
enum ModeTable {
    /// Options that belong to some modes only. None is kept in presets, so a preset never brings one into a mode it
    /// does not apply to. Options not listed apply to every mode, or are checked against the run by `Settings`
    /// (`--record`, `--output`, `--loop-out`, `--midi-file`, `--plot`: they depend on more than the mode).
    static let modeBound: [String] = ([
        Options.stats, Options.noPreview, Options.noCalibration, Options.camera, Options.size, Options.fps,
        Options.cameraFormat, Options.mains, Options.tracker, Options.trackerThreads, Options.playerLock, Options.json,
        Options.audioInput, Options.duration,
    ] as [any AnyOption]).map(\.spec.name)

    /// The options of live play from the camera, shared by calibration from the camera.
    private static let camera: Set<String> = [Options.camera.name, Options.size.name, Options.fps.name,
                                              Options.cameraFormat.name, Options.mains.name]
    /// What only a run through the live session (LivePlay) reads: its display and its statistics, each with the
    /// output that gives it something to read in a run without the session, in a mode that still writes that output
    /// there (`ModeEntry.outputsWithoutLiveSession`): `--stats` also gives the OSC sender's figures.
    static let liveSession: [(option: String, orWith: String?)] = [
        (Options.noPreview.name, nil), (Options.stats.name, Options.oscOut.name),
    ]
    private static let live = Set(liveSession.map(\.option))
    private static let tracking: Set<String> = [Options.tracker.name, Options.trackerThreads.name,
                                                Options.playerLock.name]

    static let all: [ModeEntry] = [
        ModeEntry(kind: .play, option: nil, synopsis: "[options]", summary: "play live from the camera",
                  applies: camera.union(live).union(tracking).union([Options.noCalibration.name]),
                  resolve: { _ in .play }, recording: { try PlayCommand(settings: $0).run() })
            .playingLive().reportingOnItsTake().namingLeftoverTakes().playingAlong(.played),
        ModeEntry(kind: .replay, option: Options.replay.name, synopsis: "--replay TRACE [--output FILE] [--midi-file FILE.mid]",
                  summary: "play a recorded trace, or render it to a sound file", applies: [Options.stats.name],
                  resolve: { .init(.replay, operand: try operand(Options.replay, $0)) },
                  run: { try ReplayCommand(settings: $0, tracePath: $0.mode.operand ?? "").run() })
            .renderingOutput().refusing(Options.record.name, because: "the trace is already recorded").namingLeftoverTakes()
            .writingMIDIFile().writingWithoutLiveSession(Options.oscOut.name).playingAlong(.judged),
        ModeEntry(kind: .input, option: Options.input.name, synopsis: "--input PATH [--record TRACE] [--output FILE]",
                  summary: "track a video file or images instead of the camera",
                  applies: live.union(tracking).union([Options.noCalibration.name]),
                  resolve: { .init(.input, operand: try operand(Options.input, $0)) },
                  recording: { try InputCommand(settings: $0, path: $0.mode.operand ?? "").run() })
            .renderingOutput().reportingOnItsTake().namingLeftoverTakes()
            .playingLive(unlessGiven: [Options.record.name, Options.output.name], described: "tracked offline")
            .writingWithoutLiveSession(Options.oscOut.name),
        ModeEntry(kind: .calibrate, option: Options.calibrate.name, synopsis: "--calibrate [--input PATH]",
                  summary: "fit the playing area to your reach (from the camera or a file)",
                  applies: camera.union(live).union(tracking),
                  resolve: { .init(.calibrate, operand: try $0.value(Options.input)) }, run: calibrate)
            .namingLeftoverTakes().runningLiveSession(),
        ModeEntry(kind: .listDevices, option: Options.listDevices.name, synopsis: "--list-devices [--json]",
                  summary: "list cameras and sound devices", applies: [Options.json.name, Options.camera.name],
                  resolve: { _ in .init(.listDevices) }, run: { settings in
                      Output.out(try listDevicesReport(json: settings.json, camera: settings.camera, verbose: settings.verbose))
                      return .succeeded
                  }),
        ModeEntry(kind: .listEffects, option: Options.listEffects.name, synopsis: "--list-effects",
                  summary: "list the built-in effects and the installed LV2 plugins", applies: [],
                  resolve: { _ in .init(.listEffects) }, run: { _ in ListEffectsCommand.run() }),
        ModeEntry(kind: .check, option: Options.check.name, synopsis: "--check [--json]",
                  summary: "say whether this machine is ready to play with low latency, and what to do where not",
                  applies: [Options.json.name, Options.camera.name],
                  resolve: { _ in .init(.check) }, run: { try CheckCommand(settings: $0).run() }),
        ModeEntry(kind: .tuner, option: Options.tuner.name, synopsis: "--tuner [--audio-input NAME] [--duration SECONDS]",
                  summary: "show the note a microphone or line input plays",
                  applies: [Options.audioInput.name, Options.duration.name],
                  resolve: { _ in .init(.tuner) }, run: { try TunerCommand(settings: $0).run() }),
        ModeEntry(kind: .recover, option: Options.recover.name, synopsis: "--recover TAKE",
                  summary: "complete a take an interrupted run left", applies: [],
                  resolve: { parsed in
                      let take = try operand(Options.recover, parsed)
                      guard !take.isEmpty else { throw UsageError("--recover needs the path of a take, got ''", options: ["--recover"]) }
                      return .init(.recover, operand: take)
                  }, run: { try RecoverCommand(take: $0.mode.operand ?? "").run() }),
        ModeEntry(kind: .report, option: Options.report.name, synopsis: "--report TRACE [--json] [--plot FILE.png] [--play-along SCORE]",
                  summary: "say how in tune a recorded trace was", applies: [Options.json.name],
                  resolve: { .init(.report, operand: try operand(Options.report, $0)) },
                  run: { try ReportCommand(settings: $0, tracePath: $0.mode.operand ?? "").run() })
            .playingAlong(.judged),
        ModeEntry(kind: .demo, option: Options.demo.name, synopsis: "--demo [--output FILE]",
                  summary: "play a built-in performance, no camera needed", applies: live,
                  resolve: { _ in .init(.demo) }, recording: { try DemoCommand(settings: $0).run() })
            .renderingOutput().reportingOnItsTake().namingLeftoverTakes()
            .playingLive(unlessGiven: [Options.output.name], described: "rendered offline").playingAlong(.played),
        ModeEntry(kind: .help, option: Options.help.name, synopsis: "--help", summary: "show this help", applies: [],
                  resolve: { _ in .init(.help) }, run: { _ in Output.out(HelpText.render()); return .succeeded }),
        ModeEntry(kind: .version, option: Options.version.name, synopsis: "--version", summary: "show the version",
                  applies: [], resolve: { _ in .init(.version) }, run: { _ in Output.out("theremin \(Version.current)\n"); return .succeeded }),
    ]

    /// Modes that answer at once, whatever else is given: nothing else is read or checked.
    static let answering: [Settings.Mode.Kind] = [.help, .version]

    /// `--calibrate --input PATH` calibrates from the file: the one pair of mode options that combine.
    static let absorbs: [Settings.Mode.Kind: String] = [.calibrate: Options.input.name]

    static func entry(_ kind: Settings.Mode.Kind) -> ModeEntry {
        all.first { $0.kind == kind } ?? all[0]
    }

    /// The options that select a mode, in table order.
    static var options: [String] { all.compactMap(\.option) }

    /// The mode the options select: live play unless a mode's option is given; `--help` and `--version` win.
    /// - Throws: `UsageError` for two modes at once.
    static func resolve(_ parsed: ParsedArguments) throws -> Settings.Mode {
        if let answer = answering.map(entry).first(where: { $0.option.map(parsed.has) ?? false }) {
            return try answer.resolve(parsed)
        }
        // `--record take.csv --report take.csv`: record, then report on the take (not the report mode).
        let reportsRecording = try parsed.value(Options.report).map { report in
            try parsed.value(Options.record).map { Settings.fileIdentity($0) == Settings.fileIdentity(report) } ?? false
        } ?? false
        let given = all.filter { entry in
            guard let option = entry.option, parsed.has(option) else { return false }
            return !(reportsRecording && entry.kind == .report)
        }
        let absorbed = Set(given.compactMap { absorbs[$0.kind] })
        let modes = given.filter { !absorbed.contains($0.option ?? "") }
        if given.count > 1, modes.contains(where: { $0.kind == .report }),
           let report = try parsed.value(Options.report), parsed.has(Options.record) {
            throw UsageError("--report '\(report)' is not the file --record writes; to report on the new take, give "
                             + "both the same file: --record take.csv --report take.csv", options: ["--report", "--record"])
        }
        if modes.count > 1 {
            throw UsageError("\(given.compactMap(\.option).joined(separator: " and ")) cannot be combined; pick one", options: given.compactMap(\.option))
        }
        return try modes.first?.resolve(parsed) ?? .play
    }

    /// The mode options that cannot be given with `option`, for the completions to drop once it is typed. `--report`
    /// is left out: it combines with a recording mode when it names the `--record` file.
    static func conflicts(of option: String) -> [String] {
        let exclusive = all.filter { !answering.contains($0.kind) && $0.kind != .report }
        guard let chosen = exclusive.first(where: { $0.option == option }) else { return [] }
        let combining = Set([absorbs[chosen.kind]] + absorbs.filter { $0.value == option }.map { entry($0.key).option })
        return exclusive.compactMap(\.option).filter { $0 != option && !combining.contains($0) }
    }

    /// Refuses an option of `modeBound` that `mode` does not use, naming both: where it would be silently ignored.
    static func checkApplies(_ parsed: ParsedArguments, to mode: Settings.Mode) throws {
        let entry = entry(mode.kind)
        guard let stray = modeBound.first(where: { parsed.has($0) && !entry.applies.contains($0) }) else { return }
        let list = sentence(all.filter { $0.applies.contains(stray) }.map(\.label))
        // Live play is the default: a line about it names where the option does apply.
        throw UsageError("\(stray) only applies to \(list)" + (entry.option.map { ", not \($0)" } ?? ""), options: [stray])
    }

    /// Refuses an option only the live session reads (`liveSession`) in a run without the session, where it would be
    /// ignored: a mode that plays live run offline by the files it writes (`writes`, their options), or `--replay`;
    /// unless the option's output is given and the mode still writes it there.
    static func checkLiveSession(_ parsed: ParsedArguments, to mode: Settings.Mode, writing writes: Set<String>) throws {
        let entry = entry(mode.kind)
        guard !entry.runsLiveSession(writing: writes) else { return }
        let read = { (orWith: String?) in orWith.map { parsed.has($0) && entry.outputsWithoutLiveSession.contains($0) } ?? false }
        guard let found = liveSession.first(where: { parsed.has($0.option) && !read($0.orWith) }) else { return }
        let (stray, orWith) = found
        var run = entry.label + (orWith.map { " without \($0)" } ?? "")
        if let live = entry.playsLive {
            run = "\(entry.label) with \(sentence(live.unlessGiven, joinedBy: "or")) (\(live.described))"
        }
        throw UsageError("\(stray) only applies to live play" + (orWith.map { " or with \($0)" } ?? "") + ", not \(run)",
                         options: [stray] + (orWith.map { [$0] } ?? []))
    }

    /// Refuses `option` in a run that does not play live through the sound card with the keys (`writes`: the
    /// options of the files the run writes), saying where it applies and why (`because`).
    static func checkPlaysLive(_ option: String, because reason: String, mode: Settings.Mode,
                               writing writes: Set<String>) throws {
        guard !entry(mode.kind).playsLive(writing: writes) else { return }
        let live = all.compactMap(\.whenLive)
        let listed = live.count > 1 ? live.dropLast().joined(separator: ", ") + ", or " + (live.last ?? "") : live.joined()
        throw UsageError("\(option) applies to live play (\(listed)): \(reason)", options: [option] + writes.sorted())
    }

    /// Refuses `--play-along` in a mode that neither plays along with a score nor judges a take against one,
    /// naming those that do: the ones that play first.
    static func checkPlaysAlong(_ mode: Settings.Mode) throws {
        let entry = entry(mode.kind)
        guard entry.playAlong == nil else { return }
        let taking = all.filter { $0.playAlong == .played } + all.filter { $0.playAlong == .judged }
        let option = Options.playAlongScore.name
        throw UsageError("\(option) applies to \(sentence(taking.map(\.label))), not \(entry.label)",
                         options: [option] + taking.compactMap(\.option))
    }

    /// The modes a rule holds for, as a message lists them: "a, b and c" (or "a, b or c").
    static func listing(_ rule: (ModeEntry) -> Bool, as word: (ModeEntry) -> String = \.label,
                        joinedBy conjunction: String = "and") -> String {
        sentence(all.filter(rule).map(word), joinedBy: conjunction)
    }

    static func sentence(_ words: [String], joinedBy conjunction: String = "and") -> String {
        guard let last = words.last, words.count > 1 else { return words.joined() }
        return words.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }

    private static func operand(_ option: Option<String>, _ parsed: ParsedArguments) throws -> String {
        try parsed.value(option) ?? ""
    }

    private static func calibrate(_ settings: Settings) throws -> Outcome {
        if let input = settings.mode.operand { return try CalibrateCommand(settings: settings).run(input: input) }
        return try PlayCommand(settings: settings, calibrateOnly: true).run().outcome
    }
}
