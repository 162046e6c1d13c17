import ThereminCapture
import ThereminCore
import ThereminSession
import ThereminTracking

/// What the user asked for, typed and validated: the single place every option's value is checked.
struct Settings: Sendable {
    /// The way of running chosen: its kind (the modes, each declared once in ModeTable) and the file it works on.
    struct Mode: Sendable, Equatable {
        /// The modes, in the order `--help` lists them; what each is, selects and runs is its ModeTable entry.
        enum Kind: Sendable, CaseIterable {
            case play, replay, input, calibrate, listDevices, listEffects, check, tuner, recover, report, demo, help, version
        }

        let kind: Kind
        /// The file the mode works on: the trace (`--replay`, `--report`), the input (`--input`, and `--calibrate`
        /// from a file), the take (`--recover`); nil for the others.
        let operand: String?

        init(_ kind: Kind, operand: String? = nil) {
            self.kind = kind
            self.operand = operand
        }

        static let play = Mode(.play)
    }

    enum TrackerKind: String, Sendable, CaseIterable {
        case neural
        case classic
    }

    /// `--player-lock`: whether only the player's hands play.
    enum PlayerLockSetting: String, Sendable, CaseIterable {
        case on
        case off
    }

    var mode: Mode = .play
    // Defaults are the options' own (Options, OptionTable.swift).
    var audioDevice = Options.audioDevice.defaultValue ?? "default"
    var sampleRate = Options.rate.defaultValue ?? Options.supportedRates[0]
    /// `--period`: the audio period in milliseconds; nil chooses it when the device opens (`automaticPeriodFrames`).
    var periodMilliseconds: Double?
    var voice = VoiceSettings()
    var effects: [SoundEffect] = []
    var mapping = Mapping()
    var smoothing = SmoothingSettings.expressive
    /// The One Euro filter's settings (`--response steady`).
    var oneEuro = OneEuroSettings()
    var camera: String?
    /// `--size`; nil lets the camera mode chooser pick (`ModeChoice` in ThereminCapture).
    var frameSize: (width: Int, height: Int)?
    var frameRate: Int?
    /// `--camera-format`; nil lets the camera mode chooser pick.
    var cameraFormat: FourCC?
    /// `--mains`; nil guesses it from the time zone or locale (`MainsFrequency.guess`).
    var mains: MainsFrequency?
    var tracker = TrackerKind.neural
    /// Threads per tracker network (`--tracker-threads`).
    var trackerThreads = TrackerOptions().threads
    /// Only the player's hands play (`--player-lock`).
    var playerLock = PlayerLockSetting.on
    var record: String?
    var output: String?
    /// The options of the files this run writes (OptionSpec.writes): what decides whether a mode plays live.
    var writes: Set<String> = []
    /// `--loop-out`: where the looper's loop is saved at the end of live play (Settings+Loop.swift).
    var loopOut: String?
    var json = false
    var verbose = false
    var stats = false
    var useCalibration = true
    var preview = true
    /// Pitch correction, register, hands, and the rest of the musicianship options (Settings+Music.swift).
    var music = MusicSettings()
    /// `--osc-out`: where OSC bundles go (the host is resolved when playing starts).
    var oscOut: OSCEndpoint?
    /// `--osc-in` (and the other inputs of the player's actions).
    var actions = ActionSettings()
    /// The command line as given (a preset of the set list is these with `--preset NAME`).
    var arguments: [String] = []
    /// The presets the run can switch to (`PresetList`), made part of `sound`.
    var presetSounds: [NamedSound] = []
    /// The intonation report's options (Settings+Practice.swift).
    var practice = PracticeSettings()
    /// ALSA or JACK, and JACK's server and connections (Settings+Studio.swift).
    var studio = StudioSettings()
    /// The score to play along with (Settings+PlayAlong.swift).
    var playAlong = PlayAlongSettings()


    /// Parses and validates `arguments`.
    /// - Throws: `UsageError` naming the option, the bad value and what is accepted.
    init(arguments: [String]) throws {
        let parsed = try ArgumentParser.parse(arguments)
        try self.init(parsed: parsed)
    }

    init() {}

    /// Validates already parsed options (`--preset` merges a preset's options in first: Config/PresetApplication.swift).
    init(parsed: ParsedArguments) throws {
        mode = try ModeTable.resolve(parsed)
        if ModeTable.answering.contains(mode.kind) { return }
        try ModeTable.checkApplies(parsed, to: mode)

        audioDevice = try parsed.value(Options.audioDevice) ?? audioDevice
        voice.waveform = try parsed.value(Options.wave) ?? voice.waveform
        voice.volume = try parsed.value(Options.volume) ?? voice.volume
        voice.fade = try parsed.value(Options.fade) ?? voice.fade
        effects = try parsed.all(Options.effect)
        sampleRate = try parsed.value(Options.rate) ?? sampleRate
        periodMilliseconds = try parsed.value(Options.period) ?? periodMilliseconds

        try readMapping(parsed)
        oneEuro.minCutoff = try parsed.value(Options.minCutoff) ?? oneEuro.minCutoff
        oneEuro.beta = try parsed.value(Options.beta) ?? oneEuro.beta
        oneEuro.derivativeCutoff = try parsed.value(Options.derivativeCutoff) ?? oneEuro.derivativeCutoff
        let oneEuroAsked = [Options.minCutoff.name, Options.beta.name, Options.derivativeCutoff.name]
            .contains { parsed.has($0) }
        let response = try parsed.value(Options.response) ?? (oneEuroAsked ? .steady : .expressive)
        if response == .expressive && oneEuroAsked {
            throw UsageError("--min-cutoff, --beta and --d-cutoff set the One Euro filter of --response steady; drop them or use --response steady", options: ["--min-cutoff", "--beta", "--d-cutoff", "--response"])
        }
        smoothing = response == .steady ? .oneEuro(oneEuro) : .expressive
        let glide = try parsed.value(Options.glide)
        voice.glide = glide ?? smoothing.defaultGlide
        voice.pitchGlide = glide ?? smoothing.defaultPitchGlide

        try readCamera(parsed)
        try readFiles(parsed)
        try readLoopOut(parsed)
        try music.read(parsed, voice: &voice, mode: mode, mapping: mapping)
        oscOut = try parsed.value(Options.oscOut)
        try actions.read(parsed, mode: mode, writes: writes)
        try studio.read(parsed, audioDevice: audioDevice)
        try playAlong.read(parsed, mode: mode, mapping: mapping, octave: music.octave)
        try ModeTable.checkLiveSession(parsed, to: mode, writing: writes)
        try practice.read(parsed, mode: mode, record: record)
        let written = Settings.writtenFiles(parsed)
        try checkOutputsSpareInputs(written)
        try checkReplacedOutputsAreFiles(written)
        json = parsed.has(Options.json)
        verbose = parsed.has(Options.verbose)
        stats = parsed.has(Options.stats)
        useCalibration = !parsed.has(Options.noCalibration)
        preview = !parsed.has(Options.noPreview)
    }

    private mutating func readMapping(_ parsed: ParsedArguments) throws {
        mapping.law = try parsed.value(Options.pitchLaw) ?? mapping.law
        try readAntenna(parsed)
        mapping.low = try parsed.value(Options.low) ?? mapping.low
        mapping.high = try parsed.value(Options.high) ?? mapping.high
        guard mapping.low < mapping.high else {
            throw UsageError("--low (\(Settings.hz(mapping.low))) must be below --high (\(Settings.hz(mapping.high)))", options: ["--low", "--high"])
        }
    }

    /// The virtual antenna's side and field: only with its law. A right-handed thereminist plays pitch with the
    /// right hand, so the rod stands on the right, and on the left for a left-handed one.
    private mutating func readAntenna(_ parsed: ParsedArguments) throws {
        let side = try parsed.value(Options.antenna)
        let field = try parsed.value(Options.antennaField)
        guard mapping.law == .antenna else {
            if let stray = [Options.antenna.name, Options.antennaField.name].first(where: parsed.has) {
                throw UsageError("\(stray) needs --pitch-law antenna", options: [stray, "--pitch-law"])
            }
            return
        }
        mapping.antenna = AntennaField(side: side ?? (parsed.has(Options.leftHanded) ? .left : .right),
                                       field: field ?? AntennaField.fieldSpec.defaultValue)
    }

    private mutating func readCamera(_ parsed: ParsedArguments) throws {
        camera = try parsed.value(Options.camera)
        frameSize = try parsed.value(Options.size)
        frameRate = try parsed.value(Options.fps)
        cameraFormat = try parsed.value(Options.cameraFormat)
        mains = try parsed.value(Options.mains)
        tracker = try parsed.value(Options.tracker) ?? tracker
        trackerThreads = try parsed.value(Options.trackerThreads) ?? trackerThreads
        playerLock = try parsed.value(Options.playerLock) ?? playerLock
    }

    private mutating func readFiles(_ parsed: ParsedArguments) throws {
        record = try parsed.value(Options.record)
        output = try parsed.value(Options.output)
        writes = Set(Settings.writtenFiles(parsed).map(\.option))
        for (name, value) in [(Options.record.name, record), (Options.output.name, output)] {
            if let value, value.isEmpty || value.hasSuffix("/") {
                throw UsageError("\(name) needs a file name, got '\(value)'", options: [name])
            }
        }
        let entry = ModeTable.entry(mode.kind)
        for (option, reason) in entry.refuses.sorted(by: { $0.key < $1.key }) where parsed.has(option) {
            throw UsageError("\(option) does not apply to \(entry.label) (\(reason))", options: [option, entry.label])
        }
        if output != nil, !entry.rendersOutput {
            let rendering = ModeTable.all.filter(\.rendersOutput)
            throw UsageError("--output needs \(ModeTable.sentence(rendering.map(\.invocation), joinedBy: "or")): live play "
                             + "goes to the sound card", options: [Options.output.name] + rendering.compactMap(\.option))
        }
    }

    /// The files this run writes, each with its option (those the option table says write one) and how it is
    /// written, in the table's order.
    private static func writtenFiles(_ parsed: ParsedArguments)
        -> [(option: String, path: String, how: OptionSpec.Written)] {
        OptionTable.all.compactMap { spec in
            guard let how = spec.writes, let path = parsed.value(spec.name) else { return nil }
            return (spec.name, path, how)
        }
    }

    /// Refuses a file this run writes that it also reads (the trace, the input, the backing track) or writes twice:
    /// renaming the finished file into place would replace the input, or one output the other.
    private func checkOutputsSpareInputs(_ written: [(option: String, path: String, how: OptionSpec.Written)]) throws {
        var inputs: [(option: String, path: String)] = []
        if let read = mode.operand, mode.kind != .recover {
            // The file a mode reads is given with its own option, or with --input (`--calibrate --input`).
            inputs.append((ModeTable.absorbs[mode.kind] ?? ModeTable.entry(mode.kind).option ?? "", read))
        }
        if let backing = music.backing { inputs.append((Options.backing.name, backing)) }
        if let score = playAlong.path { inputs.append((Options.playAlongScore.name, score)) }
        let outputs = written
        for (index, written) in outputs.enumerated() {
            let identity = Settings.fileIdentity(written.path)
            if let read = inputs.first(where: { Settings.fileIdentity($0.path) == identity }) {
                throw UsageError("\(written.option) '\(written.path)' is the \(read.option) file: writing it would replace "
                                 + "what is being read; name another file", options: [written.option, read.option])
            }
            if let earlier = outputs[..<index].first(where: { Settings.fileIdentity($0.path) == identity }) {
                throw UsageError("\(earlier.option) and \(written.option) name the same file '\(written.path)'; give each its own",
                                 options: [earlier.option, written.option])
            }
        }
    }

    /// Refuses a file this run renames into place when that name is already a folder, a pipe, a device or a
    /// socket: the rename would replace it with a plain file (a device node, as root) or fail after the whole
    /// render. A symbolic link is fine: the link itself is replaced.
    private func checkReplacedOutputsAreFiles(_ written: [(option: String, path: String, how: OptionSpec.Written)]) throws {
        for (option, path, how) in written where how == .renamedIntoPlace {
            if let kind = FileKind.special(at: path, followingLinks: false) {
                throw UsageError("\(option) '\(path)' is \(kind): theremin writes a whole file and renames it into place, "
                                 + "which would replace it; name a file", options: [option])
            }
        }
    }

    /// The absolute path with `.`, `..` and symbolic links resolved, so two spellings of one file compare equal.
    static func fileIdentity(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// A number for a message. Values the user typed may be huge or infinite, where `Int(value)` would trap (the
    /// preset fuzzer found `--vibrato 1e55,15`).
    static func hz(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return String(value) }
        return value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }
}

import Foundation
