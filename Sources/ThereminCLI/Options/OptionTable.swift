import ThereminCapture
import ThereminCore
import ThereminSession
import ThereminTracking

/// Every option theremin understands, in the order `--help` lists them.
enum OptionTable {
    static let all: [OptionSpec] = [
        // Modes
        OptionSpec(name: "--replay", short: nil, value: "TRACE", defaultText: nil,
                   help: "play a recorded trace (live on the sound card, or into a file with --output)", group: .modes),
        OptionSpec(name: "--input", short: "-i", value: "PATH", defaultText: nil,
                   help: "track a video file, an image or a folder of images instead of the camera", group: .modes),
        OptionSpec(name: "--calibrate", short: nil, value: nil, defaultText: nil,
                   help: "fit the playing area to your reach and save it for this camera", group: .modes),
        OptionSpec(name: "--recover", short: nil, value: "TAKE", defaultText: nil,
                   help: "complete a take an interrupted run left (cut a torn last row, add the end marker, "
                       + "move a .NAME.PID.part to NAME); theremin names such takes when it starts", group: .modes),
        OptionSpec(name: "--demo", short: nil, value: nil, defaultText: nil,
                   help: "play a built-in performance (Ode to Joy) with the live display: no camera needed; "
                       + "with --output, render it into a file", group: .modes),
        OptionSpec(name: "--list-devices", short: "-l", value: nil, defaultText: nil,
                   help: "list cameras and sound devices", group: .modes),
        OptionSpec(name: "--help", short: "-h", value: nil, defaultText: nil, help: "show this help", group: .modes),
        OptionSpec(name: "--version", short: nil, value: nil, defaultText: nil, help: "show the version", group: .modes),

        // Sound
        OptionSpec(name: "--audio-device", short: "-d", value: "NAME", defaultText: "default",
                   help: "ALSA playback device (see --list-devices)", group: .sound, inPresets: false),
        OptionSpec(name: "--wave", short: "-w", value: "SHAPE", defaultText: VoiceSettings().waveform.rawValue,
                   help: "waveform: \(Waveform.allCases.map(\.rawValue).joined(separator: ", "))", group: .sound, values: .choices(Waveform.allCases.map(\.rawValue))),
        OptionSpec(name: "--volume", short: nil, value: "0..1", defaultText: format(VoiceSettings.volumeSpec.defaultValue),
                   help: VoiceSettings.volumeSpec.help, group: .sound),
        OptionSpec(name: "--glide", short: nil, value: "MS", defaultText: format(VoiceSettings.glideSpec.defaultValue),
                   help: VoiceSettings.glideSpec.help, group: .sound),
        OptionSpec(name: "--fade", short: nil, value: "MS", defaultText: format(VoiceSettings.fadeSpec.defaultValue),
                   help: VoiceSettings.fadeSpec.help, group: .sound),
        OptionSpec(name: "--effect", short: "-e", value: "SPEC", defaultText: "none",
                   help: "add an effect, in order; e.g. delay:time=300,feedback=0.35,mix=0.25 or lowpass:cutoff=2000,resonance=0.7", group: .sound,
                   repeatable: true, values: .choices(SoundEffect.names)),
        OptionSpec(name: "--rate", short: nil, value: "HZ", defaultText: String(Settings.defaultSampleRate),
                   help: "sample rate to ask the device for (\(Settings.supportedRates.map(String.init).joined(separator: " or ")))",
                   group: .sound, values: .choices(Settings.supportedRates.map(String.init)), inPresets: false),
        OptionSpec(name: "--period", short: nil, value: "MS", defaultText: format(Settings.periodSpec.defaultValue),
                   help: Settings.periodSpec.help, group: .sound, inPresets: false),

        // Mapping
        OptionSpec(name: "--low", short: nil, value: "NOTE|HZ", defaultText: "A3 (220 Hz)",
                   help: "pitch at the bottom of the playing area", group: .mapping),
        OptionSpec(name: "--high", short: nil, value: "NOTE|HZ", defaultText: "A4 (440 Hz)",
                   help: "pitch at the top of the playing area", group: .mapping),
        OptionSpec(name: "--pitch-law", short: nil, value: "LAW", defaultText: Mapping().law.rawValue,
                   help: "linear (Hz proportional to height) or exponential (equal distance per semitone)", group: .mapping, values: .choices(PitchLaw.allCases.map(\.rawValue))),

        // Smoothing
        OptionSpec(name: "--min-cutoff", short: nil, value: "HZ", defaultText: format(OneEuroSettings.minCutoffSpec.defaultValue),
                   help: OneEuroSettings.minCutoffSpec.help, group: .smoothing),
        OptionSpec(name: "--beta", short: nil, value: "N", defaultText: format(OneEuroSettings.betaSpec.defaultValue),
                   help: OneEuroSettings.betaSpec.help, group: .smoothing),
        OptionSpec(name: "--d-cutoff", short: nil, value: "HZ", defaultText: format(OneEuroSettings.derivativeCutoffSpec.defaultValue),
                   help: OneEuroSettings.derivativeCutoffSpec.help, group: .smoothing),

        // Camera and tracking
        OptionSpec(name: "--camera", short: "-c", value: "DEVICE", defaultText: "first camera",
                   help: "V4L2 camera, e.g. /dev/video0", group: .camera, values: .camera),
        OptionSpec(name: "--size", short: nil, value: "WxH", defaultText: "chosen",
                   help: "camera frame size; by default the mode with the highest frame rate at a size the tracker "
                       + "uses (640x360 or more, nearest 640x480), cheapest to decode (-v says which and why)",
                   group: .camera),
        OptionSpec(name: "--fps", short: nil, value: "N", defaultText: "highest offered",
                   help: "camera frame rate", group: .camera),
        OptionSpec(name: "--camera-format", short: nil, value: "FOURCC", defaultText: "chosen",
                   help: "the camera's own format: MJPG (decoded by TurboJPEG), BGR3, or a raw format libv4l2 converts "
                       + "(YUYV and others)", group: .camera, values: .choices(FourCC.decodable.map(\.description))),
        OptionSpec(name: "--mains", short: nil, value: "HZ", defaultText: "from the time zone",
                   help: "mains frequency for the camera's anti-flicker filter (power_line_frequency), set while "
                       + "playing and put back on exit; by default from the time zone's country (or the locale's), "
                       + "else the camera's own setting is kept",
                   group: .camera, values: .choices(MainsFrequency.allCases.map { String($0.rawValue) })),
        OptionSpec(name: "--no-calibration", short: nil, value: nil, defaultText: nil,
                   help: "ignore the saved calibration for this camera or input", group: .camera),
        OptionSpec(name: "--no-preview", short: nil, value: nil, defaultText: nil,
                   help: "no preview window; show a one-line display in the terminal", group: .camera),
        OptionSpec(name: "--tracker", short: nil, value: "KIND", defaultText: Settings.TrackerKind.neural.rawValue,
                   help: "neural (palm detector + hand landmarks) or classic (skin colour; the lesser fallback)",
                   group: .camera, values: .choices(Settings.TrackerKind.allCases.map(\.rawValue))),
        OptionSpec(name: "--tracker-threads", short: nil, value: "N", defaultText: "\(TrackerOptions().threads)",
                   help: "threads the neural tracker's networks use; 2 is a third faster on an idle second core but "
                       + "stalls frames when another program keeps it busy (README, Performance)",
                   group: .camera),

        // Files
        OptionSpec(name: "--record", short: "-r", value: "TRACE", defaultText: nil,
                   help: "write the fingertip trace (CSV) while playing or tracking", group: .files),
        OptionSpec(name: "--output", short: "-o", value: "FILE", defaultText: nil,
                   help: "render the sound into a .wav/.flac/.aiff/.ogg file instead of the sound card", group: .files),
        OptionSpec(name: "--loop-out", short: nil, value: "FILE", defaultText: nil,
                   help: "live play: save the looper's loop (its layers mixed, one pass) into a .wav/.flac/.aiff/.ogg "
                       + "file when playing ends", group: .files),

        // General
        OptionSpec(name: "--json", short: nil, value: nil, defaultText: nil,
                   help: "machine-readable output (with --list-devices or --report)", group: .general),
        OptionSpec(name: "--stats", short: nil, value: nil, defaultText: nil,
                   help: "print latency (median, 95th percentile per stage), dropped frames, fps and underruns on exit",
                   group: .general),
        OptionSpec(name: "--verbose", short: "-v", value: nil, defaultText: nil,
                   help: "say more (device formats, figures once a second)", group: .general),
    ] + OptionTable.music + OptionTable.practice

    static func spec(named name: String) -> OptionSpec? {
        all.first { $0.name == name || $0.short == name }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
