import ThereminCapture
import ThereminCore
import ThereminSession
import ThereminTracking

/// Every option theremin understands, in the order `--help` lists them: the typed declarations of `Options`.
enum OptionTable {
    static let declarations: [any AnyOption] = Options.core + Options.music + Options.osc + Options.practice
        + Options.studio + Options.playAlong + Options.actions
    static let all: [OptionSpec] = declarations.map(\.spec)

    static func spec(named name: String) -> OptionSpec? {
        all.first { $0.name == name || $0.short == name }
    }

    @Sendable static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// The options, each declared once (Option.swift). This file: modes, sound, mapping, smoothing, camera, files and
/// general; Options+Music.swift and Options+Practice.swift the rest.
enum Options {
    static let core: [any AnyOption] = [
        replay, input, calibrate, recover, demo, listDevices, help, version,
        audioDevice, wave, volume, glide, fade, effect, rate, period,
        low, high, pitchLaw, antenna, antennaField,
        response, minCutoff, beta, derivativeCutoff,
        camera, size, fps, cameraFormat, mains, noCalibration, noPreview, tracker, trackerThreads, playerLock,
        record, output, loopOut,
        json, stats, verbose,
    ]

    // MARK: Modes
    static let replay = Option.text("--replay", value: "TRACE",
                                    help: "play a recorded trace (live on the sound card, or into a file with --output)",
                                    group: .modes)
    static let input = Option.text("--input", short: "-i", value: "PATH",
                                   help: "track a video file, an image or a folder of images instead of the camera",
                                   group: .modes)
    static let calibrate = Option.flag("--calibrate", help: "fit the playing area to your reach and save it for this camera",
                                       group: .modes)
    static let recover = Option.text("--recover", value: "TAKE",
                                     help: "complete a take an interrupted run left (cut a torn last row, add the end marker, "
                                         + "move a .NAME.PID.part to NAME); theremin names such takes when it starts",
                                     group: .modes)
    static let demo = Option.flag("--demo",
                                  help: "play a built-in performance (Ode to Joy) with the live display: no camera needed; "
                                      + "with --output, render it into a file", group: .modes)
    static let listDevices = Option.flag("--list-devices", short: "-l", help: "list cameras and sound devices", group: .modes)
    static let help = Option.flag("--help", short: "-h", help: "show this help", group: .modes)
    static let version = Option.flag("--version", help: "show the version", group: .modes)

    // MARK: Sound
    static let audioDevice = Option<String>("--audio-device", short: "-d", value: "NAME",
                                            help: "ALSA playback device, or jack: / jack:SERVER to play through JACK (see --list-devices)", group: .sound,
                                            default: "default", inPresets: false) { text in
        guard !text.isEmpty else { throw UsageError("--audio-device needs a device name, e.g. default or hw:0", options: ["--audio-device"]) }
        return text
    }
    static let wave = Option<Waveform>.choice("--wave", short: "-w", value: "SHAPE",
                                              help: "waveform: \(Waveform.allCases.map(\.rawValue).joined(separator: ", "))",
                                              group: .sound, default: VoiceSettings().waveform, refusal: "is not a waveform")
    static let volume = Option.number("--volume", value: "0..1", parameter: VoiceSettings.volumeSpec, group: .sound)
    static let glide = Option.number("--glide", value: "MS", parameter: VoiceSettings.glideSpec, group: .sound)
    static let fade = Option.number("--fade", value: "MS", parameter: VoiceSettings.fadeSpec, group: .sound)
    static let effect = Option<SoundEffect>("--effect", short: "-e", value: "SPEC",
                                            help: "add an effect, in order; e.g. delay:time=300,feedback=0.35,mix=0.25, "
                                                + "lowpass:cutoff=2000,resonance=0.7, reverb (an LV2 hall) or an LV2 plugin: "
                                                + "lv2:URI[:preset=NAME,symbol=value,...]; the chain is stereo from the "
                                                + "first stereo plugin on (see --list-effects)",
                                            group: .sound, defaultText: "none", values: .choices(SoundEffect.names),
                                            repeatable: true, parse: SoundEffect.parse)
    /// The rates `--rate` accepts, preferred first; the first is the default.
    static let supportedRates = [48_000, 44_100]
    static let rate = Option.integer("--rate", value: "HZ",
                                     help: "sample rate to ask the device for (\(supportedRates.map(String.init).joined(separator: " or ")))",
                                     group: .sound, default: supportedRates[0], allowed: supportedRates, inPresets: false,
                                     refusal: "is not supported; use \(supportedRates.map(String.init).joined(separator: " or "))")
    /// `--period`: the audio period in milliseconds.
    static let periodSpec = ParameterSpec(name: "period", defaultValue: 5, range: 1...100, unit: "ms",
                                          help: "audio period; smaller is lower latency, larger survives a busy machine")
    static let period = Option.number("--period", value: "MS", parameter: periodSpec, group: .sound, hasDefault: false,
                                      defaultText: "128 frames (2.7 ms) with real-time priority, else 5",
                                      inPresets: false)

    // MARK: Mapping
    static let low = Option<Double>("--low", value: "NOTE|HZ",
                                    help: "pitch at the bottom of the playing area (with --pitch-law antenna: its side away from the antenna)",
                                    group: .mapping, default: Mapping().low, describe: describeNote) { text in
        try noteOrFrequency("--low", text)
    }
    static let high = Option<Double>("--high", value: "NOTE|HZ",
                                     help: "pitch at the top of the playing area (with --pitch-law antenna: its side nearest the antenna)",
                                     group: .mapping, default: Mapping().high, describe: describeNote) { text in
        try noteOrFrequency("--high", text)
    }
    static let pitchLaw = Option<PitchLaw>.choice("--pitch-law", value: "LAW",
                                                  help: "linear (Hz proportional to height), exponential (equal distance per semitone) or antenna (a virtual pitch rod at one side: pitch rises ever more steeply as the fingertip nears it, volume from the height above a loop along the bottom)",
                                                  group: .mapping, default: Mapping().law, refusal: "is unknown",
                                                  accepted: "linear, exponential or antenna")
    static let antenna = Option<AntennaField.Side>.choice("--antenna", value: "SIDE",
                                                          help: "with --pitch-law antenna: the side of the picture the pitch rod stands at",
                                                          group: .mapping, default: nil,
                                                          defaultText: "right, left with --left-handed", refusal: "is not a side",
                                                          accepted: "left or right")
    static let antennaField = Option.number("--antenna-field", value: "D0", parameter: AntennaField.fieldSpec,
                                            help: "with --pitch-law antenna: " + AntennaField.fieldSpec.help,
                                            group: .mapping)

    // MARK: Smoothing
    static let response = Option<Response>.choice("--response", value: "KIND",
                                                  help: "expressive (the sound follows the hand's path, latency predicted away) or steady (the One Euro filter and a 12 ms glide); --min-cutoff, --beta or --d-cutoff choose the One Euro filter",
                                                  group: .smoothing, default: .expressive, refusal: "is unknown",
                                                  accepted: "expressive or steady")
    static let minCutoff = Option.number("--min-cutoff", value: "HZ", parameter: OneEuroSettings.minCutoffSpec, group: .smoothing)
    static let beta = Option.number("--beta", value: "N", parameter: OneEuroSettings.betaSpec, group: .smoothing)
    static let derivativeCutoff = Option.number("--d-cutoff", value: "HZ", parameter: OneEuroSettings.derivativeCutoffSpec,
                                                group: .smoothing)

    // MARK: Camera and tracking
    static let camera = Option.text("--camera", short: "-c", value: "DEVICE", help: "V4L2 camera, e.g. /dev/video0",
                                    group: .camera, defaultText: "first camera", values: .camera)
    /// `--size`; without it the camera mode chooser picks (`ModeChoice` in ThereminCapture).
    static let size = Option<(width: Int, height: Int)>("--size", value: "WxH",
                                                         help: "camera frame size; by default the mode with the highest frame rate at a size the tracker "
                                                             + "uses (640x360 or more, nearest 640x480), cheapest to decode (-v says which and why)",
                                                         group: .camera, defaultText: "chosen") { text in
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (16...7680).contains(w), (16...4320).contains(h) else {
            throw UsageError("--size '\(text)' is not a frame size like 640x480", options: ["--size"])
        }
        return (w, h)
    }
    static let fps = Option.integer("--fps", value: "N", help: "camera frame rate", group: .camera,
                                    defaultText: "highest offered", range: 1...240, refusal: "is not a frame rate from 1 to 240")
    /// `--camera-format`; without it the camera mode chooser picks.
    static let cameraFormat = Option<FourCC>("--camera-format", value: "FOURCC",
                                             help: "the camera's own format: MJPG (decoded by TurboJPEG), BGR3, or a raw format libv4l2 converts "
                                                 + "(YUYV and others)", group: .camera, defaultText: "chosen",
                                             values: .choices(FourCC.decodable.map(\.description))) { text in
        guard let format = FourCC.decodable.first(where: { $0.description == text.uppercased() }) else {
            throw UsageError("--camera-format '\(text)' is not a camera format theremin decodes; use "
                + FourCC.decodable.map(\.description).joined(separator: ", ") + " (see --list-devices)", options: ["--camera-format", "--list-devices"])
        }
        return format
    }
    /// `--mains`; without it the frequency is guessed from the time zone or locale (`MainsFrequency.guess`).
    static let mains = Option<MainsFrequency>("--mains", value: "HZ",
                                              help: "mains frequency for the camera's anti-flicker filter (power_line_frequency), set while "
                                                  + "playing and put back on exit; by default from the time zone's country (or the locale's), "
                                                  + "else the camera's own setting is kept",
                                              group: .camera, defaultText: "from the time zone",
                                              values: .choices(MainsFrequency.allCases.map { String($0.rawValue) })) { text in
        guard let hz = Int(text.lowercased().replacingOccurrences(of: "hz", with: "")),
              let frequency = MainsFrequency(rawValue: hz) else {
            throw UsageError("--mains '\(text)' is not a mains frequency; use "
                + MainsFrequency.allCases.map { String($0.rawValue) }.joined(separator: " or ")
                + " (Hz: 50 in Europe, Africa, most of Asia and Oceania; 60 in North America)", options: ["--mains"])
        }
        return frequency
    }
    static let noCalibration = Option.flag("--no-calibration", help: "ignore the saved calibration for this camera or input",
                                           group: .camera)
    static let noPreview = Option.flag("--no-preview", help: "no preview window; show a one-line display in the terminal",
                                       group: .camera)
    static let tracker = Option<Settings.TrackerKind>.choice("--tracker", value: "KIND",
                                                             help: "neural (palm detector + hand landmarks) or classic (skin colour; the lesser fallback)",
                                                             group: .camera, default: .neural, refusal: "is unknown",
                                                             accepted: "neural or classic")
    static let trackerThreads = Option.integer("--tracker-threads", value: "N",
                                               help: "threads the neural tracker's networks use; 2 is a third faster on an idle second core but "
                                                   + "stalls frames when another program keeps it busy "
                                                   + "(docs/performance.md)",
                                               group: .camera, default: TrackerOptions().threads, range: TrackerOptions.threadsRange,
                                               refusal: "is not a thread count from \(TrackerOptions.threadsRange.lowerBound) to "
                                                   + "\(TrackerOptions.threadsRange.upperBound)")

    static let playerLock = Option<Settings.PlayerLockSetting>.choice(
        "--player-lock", value: "on|off",
        help: "on: only the player's hands play; a hand found outside the player's area (the calibrated box, or where "
            + "the hand has played lately) is ignored, and t takes the instrument back where you are; off: any hand plays",
        group: .camera, default: .on, refusal: "is not on or off", accepted: "on or off")

    // MARK: Files
    static let record = Option.text("--record", short: "-r", value: "TRACE",
                                    help: "write the fingertip trace (CSV) while playing or tracking", group: .files,
                                    writes: .take)
    static let output = Option.text("--output", short: "-o", value: "FILE",
                                    help: "render the sound into a .wav/.flac/.aiff/.ogg file instead of the sound card",
                                    group: .files, writes: .renamedIntoPlace)

    /// `--loop-out`: checked against the run in Settings+Loop.swift (live play only, a sound file in a folder that exists).
    static let loopOut = Option.text("--loop-out", value: "FILE",
                                     help: "live play: save the looper's loop (its layers mixed, one pass) into a .wav/.flac/.aiff/.ogg "
                                         + "file when playing ends", group: .files, writes: .renamedIntoPlace)

    // MARK: General
    static let json = Option.flag("--json", help: "machine-readable output (with --list-devices or --report)", group: .general)
    static let stats = Option.flag("--stats",
                                   help: "print latency (median, 95th percentile per stage), dropped frames, fps and underruns on exit",
                                   group: .general)
    static let verbose = Option.flag("--verbose", short: "-v", help: "say more (device formats, figures once a second)",
                                     group: .general)

    /// "A3 (220 Hz)": a pitch as `--help` shows it.
    @Sendable static func describeNote(_ hz: Double) -> String {
        "\(Note.nearest(to: hz).name) (\(Settings.hz(hz)) Hz)"
    }

    private static func noteOrFrequency(_ name: String, _ text: String) throws -> Double {
        guard let hz = Note.parseFrequency(text), (20...20_000).contains(hz) else {
            throw UsageError("\(name) '\(text)' is not a note (like A3 or C#4) or a frequency from 20 to 20000 Hz", options: [name])
        }
        return hz
    }
}
