import ThereminCapture
import ThereminCore
import ThereminSession
import ThereminTracking

/// What the user asked for, typed and validated: the single place every option's value is checked.
struct Settings: Sendable {
    enum Mode: Sendable, Equatable {
        case play
        case replay(trace: String)
        case input(path: String)
        /// Guided calibration, from the camera or from an `--input` file.
        case calibrate(input: String?)
        case listDevices
        /// `--tuner`: listen on a capture device and show the note (Commands/TunerCommand.swift).
        case tuner
        /// `--recover TAKE`: complete a take an interrupted run left (Commands/RecoverCommand.swift).
        case recover(take: String)
        /// `--report`: how in tune a recorded trace was (Commands/ReportCommand.swift).
        case report(trace: String)
        /// `--demo`: a built-in performance, no camera needed (Commands/DemoCommand.swift).
        case demo
        case help
        case version
    }

    enum TrackerKind: String, Sendable, CaseIterable {
        case neural
        case classic
    }

    var mode: Mode = .play
    var audioDevice = "default"
    /// The rates `--rate` accepts, preferred first, and the default.
    static let supportedRates = [48_000, 44_100]
    static let defaultSampleRate = supportedRates[0]

    var sampleRate = Settings.defaultSampleRate
    /// `--period`: the audio period in milliseconds (its default and range are the option's).
    static let periodSpec = ParameterSpec(name: "period", defaultValue: 5, range: 1...100, unit: "ms",
                                          help: "audio period; smaller is lower latency, larger survives a busy machine")
    var periodMilliseconds = Settings.periodSpec.defaultValue
    var voice = VoiceSettings()
    var effects: [SoundEffect] = []
    var mapping = Mapping()
    var smoothing = OneEuroSettings()
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
    var record: String?
    var output: String?
    /// `--loop-out`: where the looper's loop is saved at the end of live play (Settings+Loop.swift).
    var loopOut: String?
    var json = false
    var verbose = false
    var stats = false
    var useCalibration = true
    var preview = true
    /// Pitch correction, register, hands, and the rest of the musicianship options (Settings+Music.swift).
    var music = MusicSettings()
    /// The intonation report's options (Settings+Practice.swift).
    var practice = PracticeSettings()

    /// Frames per ALSA period at the chosen rate.
    var periodFrames: Int { max(16, Int((Double(sampleRate) * periodMilliseconds / 1000).rounded())) }

    /// Parses and validates `arguments`.
    /// - Throws: `UsageError` naming the option, the bad value and what is accepted.
    init(arguments: [String]) throws {
        let parsed = try ArgumentParser.parse(arguments)
        try self.init(parsed: parsed)
    }

    init() {}

    /// Validates already parsed options (`--preset` merges a preset's options in first: Config/PresetApplication.swift).
    init(parsed: ParsedArguments) throws {
        // `--record take.csv --report take.csv`: record, then report on the take (not the report mode).
        let reportsRecording = parsed.value("--report").map { report in
            parsed.value("--record").map { Settings.fileIdentity($0) == Settings.fileIdentity(report) } ?? false
        } ?? false
        let modes = ["--replay", "--input", "--calibrate", "--list-devices", "--tuner", "--recover", "--report", "--demo"]
            .filter { parsed.has($0) && !(reportsRecording && $0 == "--report") }
        if parsed.has("--help") { mode = .help; return }
        if parsed.has("--version") { mode = .version; return }
        if modes.count > 1, modes.contains("--report"), let report = parsed.value("--report"), parsed.has("--record") {
            throw UsageError("--report '\(report)' is not the file --record writes; to report on the new take, give "
                             + "both the same file: --record take.csv --report take.csv")
        }
        if modes.count > 1 && !(modes == ["--input", "--calibrate"]) {
            throw UsageError("\(modes.joined(separator: " and ")) cannot be combined; pick one")
        }
        if let trace = parsed.value("--replay") {
            mode = .replay(trace: trace)
        } else if parsed.has("--calibrate") {
            mode = .calibrate(input: parsed.value("--input"))
        } else if let input = parsed.value("--input") {
            mode = .input(path: input)
        } else if parsed.has("--list-devices") {
            mode = .listDevices
        } else if parsed.has("--tuner") {
            mode = .tuner
        } else if let take = parsed.value("--recover") {
            guard !take.isEmpty else { throw UsageError("--recover needs the path of a take, got ''") }
            mode = .recover(take: take)
        } else if let trace = parsed.value("--report"), !reportsRecording {
            mode = .report(trace: trace)
        } else if parsed.has("--demo") {
            mode = .demo
        }

        if let device = parsed.value("--audio-device") {
            guard !device.isEmpty else { throw UsageError("--audio-device needs a device name, e.g. default or hw:0") }
            audioDevice = device
        }
        if let text = parsed.value("--wave") {
            guard let waveform = Waveform(rawValue: text.lowercased()) else {
                throw UsageError("--wave '\(text)' is not a waveform; use \(Waveform.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            voice.waveform = waveform
        }
        voice.volume = try Settings.number(parsed, "--volume", VoiceSettings.volumeSpec) ?? voice.volume
        voice.glide = try Settings.number(parsed, "--glide", VoiceSettings.glideSpec) ?? voice.glide
        voice.fade = try Settings.number(parsed, "--fade", VoiceSettings.fadeSpec) ?? voice.fade
        effects = try parsed.all("--effect").map(SoundEffect.parse)
        if let text = parsed.value("--rate") {
            guard let rate = Int(text), Settings.supportedRates.contains(rate) else {
                throw UsageError("--rate '\(text)' is not supported; use \(Settings.supportedRates.map(String.init).joined(separator: " or "))")
            }
            sampleRate = rate
        }
        periodMilliseconds = try Settings.number(parsed, "--period", Settings.periodSpec) ?? periodMilliseconds

        try readMapping(parsed)
        smoothing.minCutoff = try Settings.number(parsed, "--min-cutoff", OneEuroSettings.minCutoffSpec) ?? smoothing.minCutoff
        smoothing.beta = try Settings.number(parsed, "--beta", OneEuroSettings.betaSpec) ?? smoothing.beta
        smoothing.derivativeCutoff = try Settings.number(parsed, "--d-cutoff", OneEuroSettings.derivativeCutoffSpec) ?? smoothing.derivativeCutoff

        try readCamera(parsed)
        try readFiles(parsed)
        try readLoopOut(parsed)
        try music.read(parsed, voice: &voice, mode: mode)
        try practice.read(parsed, mode: mode, record: record)
        try checkOutputsSpareInputs()
        json = parsed.has("--json")
        verbose = parsed.has("--verbose")
        stats = parsed.has("--stats")
        useCalibration = !parsed.has("--no-calibration")
        preview = !parsed.has("--no-preview")
        if case .calibrate = mode, !useCalibration {
            throw UsageError("--no-calibration contradicts --calibrate")
        }
        if json, mode != .listDevices, !practice.isReport(mode) {
            throw UsageError("--json only applies to --list-devices and --report TRACE (a trace already recorded)")
        }
    }

    private mutating func readMapping(_ parsed: ParsedArguments) throws {
        if let text = parsed.value("--pitch-law") {
            guard let law = PitchLaw(rawValue: text.lowercased()) else {
                throw UsageError("--pitch-law '\(text)' is unknown; use linear or exponential")
            }
            mapping.law = law
        }
        for (name, keyPath) in [("--low", \Mapping.low), ("--high", \Mapping.high)] {
            guard let text = parsed.value(name) else { continue }
            guard let hz = Note.parseFrequency(text), (20...20_000).contains(hz) else {
                throw UsageError("\(name) '\(text)' is not a note (like A3 or C#4) or a frequency from 20 to 20000 Hz")
            }
            mapping[keyPath: keyPath] = hz
        }
        guard mapping.low < mapping.high else {
            throw UsageError("--low (\(Settings.hz(mapping.low))) must be below --high (\(Settings.hz(mapping.high)))")
        }
    }

    private mutating func readCamera(_ parsed: ParsedArguments) throws {
        camera = parsed.value("--camera")
        if let text = parsed.value("--size") {
            let parts = text.lowercased().split(separator: "x")
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (16...7680).contains(w), (16...4320).contains(h) else {
                throw UsageError("--size '\(text)' is not a frame size like 640x480")
            }
            frameSize = (w, h)
        }
        if let text = parsed.value("--fps") {
            guard let fps = Int(text), (1...240).contains(fps) else {
                throw UsageError("--fps '\(text)' is not a frame rate from 1 to 240")
            }
            frameRate = fps
        }
        if let text = parsed.value("--camera-format") {
            guard let format = FourCC.decodable.first(where: { $0.description == text.uppercased() }) else {
                throw UsageError("--camera-format '\(text)' is not a camera format theremin decodes; use "
                    + FourCC.decodable.map(\.description).joined(separator: ", ") + " (see --list-devices)")
            }
            cameraFormat = format
        }
        if let text = parsed.value("--mains") {
            guard let hz = Int(text.lowercased().replacingOccurrences(of: "hz", with: "")),
                  let frequency = MainsFrequency(rawValue: hz) else {
                throw UsageError("--mains '\(text)' is not a mains frequency; use "
                    + MainsFrequency.allCases.map { String($0.rawValue) }.joined(separator: " or ")
                    + " (Hz: 50 in Europe, Africa, most of Asia and Oceania; 60 in North America)")
            }
            mains = frequency
        }
        if let text = parsed.value("--tracker") {
            guard let kind = TrackerKind(rawValue: text.lowercased()) else {
                throw UsageError("--tracker '\(text)' is unknown; use neural or classic")
            }
            tracker = kind
        }
        if let text = parsed.value("--tracker-threads") {
            let range = TrackerOptions.threadsRange
            guard let threads = Int(text), range.contains(threads) else {
                throw UsageError("--tracker-threads '\(text)' is not a thread count from \(range.lowerBound) to "
                    + "\(range.upperBound)")
            }
            trackerThreads = threads
        }
    }

    private mutating func readFiles(_ parsed: ParsedArguments) throws {
        record = parsed.value("--record")
        output = parsed.value("--output")
        for (name, value) in [("--record", record), ("--output", output)] {
            if let value, value.isEmpty || value.hasSuffix("/") {
                throw UsageError("\(name) needs a file name, got '\(value)'")
            }
        }
        if case .replay = mode, record != nil {
            throw UsageError("--record does not apply to --replay (the trace is already recorded)")
        }
        if output != nil {
            switch mode {
            case .replay, .input, .demo: break
            default: throw UsageError("--output needs --replay TRACE, --input PATH or --demo: live play goes to the sound card")
            }
        }
    }

    /// Refuses a file this run writes (`--record`, `--output`, `--midi-file`, `--plot`, `--loop-out`) that it also reads (the trace, the
    /// input, the backing track) or writes twice: renaming the finished file into place would replace the input, or
    /// one output the other.
    private func checkOutputsSpareInputs() throws {
        var inputs: [(option: String, path: String)] = []
        switch mode {
        case .replay(let trace): inputs.append(("--replay", trace))
        case .input(let path), .calibrate(input: let path?): inputs.append(("--input", path))
        case .report(let trace): inputs.append(("--report", trace))
        default: break
        }
        if let backing = music.backing { inputs.append(("--backing", backing)) }
        let outputs = [("--record", record), ("--output", output), ("--midi-file", music.midiFile), ("--plot", practice.plot),
                       ("--loop-out", loopOut)]
            .compactMap { option, path in path.map { (option: option, path: $0) } }
        for (index, written) in outputs.enumerated() {
            let identity = Settings.fileIdentity(written.path)
            if let read = inputs.first(where: { Settings.fileIdentity($0.path) == identity }) {
                throw UsageError("\(written.option) '\(written.path)' is the \(read.option) file: writing it would replace "
                                 + "what is being read; name another file")
            }
            if let earlier = outputs[..<index].first(where: { Settings.fileIdentity($0.path) == identity }) {
                throw UsageError("\(earlier.option) and \(written.option) name the same file '\(written.path)'; give each its own")
            }
        }
    }

    /// The absolute path with `.`, `..` and symbolic links resolved, so two spellings of one file compare equal.
    static func fileIdentity(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    static func number(_ parsed: ParsedArguments, _ name: String, _ spec: ParameterSpec) throws -> Double? {
        guard let text = parsed.value(name) else { return nil }
        guard let value = Double(text), spec.accepts(value) else {
            throw UsageError("\(name) '\(text)' is out of range; use a number from \(hz(spec.range.lowerBound)) to \(hz(spec.range.upperBound))\(spec.unit.isEmpty ? "" : " " + spec.unit)")
        }
        return value
    }

    /// A number for a message. Values the user typed may be huge or infinite, where `Int(value)` would trap (the
    /// preset fuzzer found `--vibrato 1e55,15`).
    static func hz(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return String(value) }
        return value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }
}

import Foundation
