import ThereminCore

/// The musicianship options (pitch correction, two hands, voice, backing track, cues, MIDI, tuner, presets), kept in
/// their own block of the option table.
extension OptionTable {
    static let music: [OptionSpec] = [
        // Modes
        OptionSpec(name: "--tuner", short: nil, value: nil, defaultText: nil,
                   help: "listen on a microphone or line input and show the note, cents off and frequency", group: .modes),

        // Voice
        OptionSpec(name: "--brightness", short: nil, value: "0..1", defaultText: number(HarmonicWavetable.brightnessSpec.defaultValue),
                   help: HarmonicWavetable.brightnessSpec.help + " (with --wave theremin)", group: .sound),
        OptionSpec(name: "--vibrato", short: nil, value: "RATE,DEPTH", defaultText: "off",
                   help: "pitch vibrato: rate in Hz (0.1-20), depth in cents (0-200), e.g. 5.5,15", group: .sound),

        // Pitch correction and register
        OptionSpec(name: "--correct", short: nil, value: "0..100", defaultText: "0",
                   help: "pull towards the scale's notes in percent: 0 continuous, 100 snapped", group: .correction),
        OptionSpec(name: "--scale", short: nil, value: "NAME", defaultText: Scale.chromatic.name,
                   help: "scale for --correct and the note lines: \(Scale.all.map(\.name).joined(separator: ", "))",
                   group: .correction, values: .choices(Scale.all.map(\.name))),
        OptionSpec(name: "--root", short: nil, value: "NOTE", defaultText: "C",
                   help: "the scale's root, e.g. C, F#, Bb", group: .correction),
        OptionSpec(name: "--octave", short: nil, value: "-3..3", defaultText: "0",
                   help: "shift everything played by whole octaves", group: .correction),

        // Two-hand play
        OptionSpec(name: "--hands", short: nil, value: "1|2", defaultText: "1",
                   help: "1: height sets pitch, sideways position volume; 2: one hand's height pitch, the other's volume",
                   group: .hands, values: .choices(["1", "2"])),
        OptionSpec(name: "--left-handed", short: nil, value: nil, defaultText: nil,
                   help: "with --hands 2: pitch with the left hand, volume with the right", group: .hands),
        OptionSpec(name: "--volume-top", short: nil, value: "0..1", defaultText: number(TwoHandSettings.volumeTopSpec.defaultValue),
                   help: TwoHandSettings.volumeTopSpec.help, group: .hands),
        OptionSpec(name: "--volume-bottom", short: nil, value: "0..1", defaultText: number(TwoHandSettings.volumeBottomSpec.defaultValue),
                   help: TwoHandSettings.volumeBottomSpec.help + " (a closed fist mutes too)", group: .hands),

        // Backing track and cues
        OptionSpec(name: "--backing", short: nil, value: "FILE", defaultText: nil,
                   help: "play a WAV/FLAC/OGG file under the theremin (resampled to the device rate)", group: .backing),
        OptionSpec(name: "--loop", short: nil, value: nil, defaultText: nil,
                   help: "repeat the backing track (the seam is crossfaded)", group: .backing),
        OptionSpec(name: "--backing-volume", short: nil, value: "0..1", defaultText: number(BackingPlayer.volumeSpec.defaultValue),
                   help: BackingPlayer.volumeSpec.help, group: .backing),
        OptionSpec(name: "--mute-cues", short: nil, value: nil, defaultText: nil,
                   help: "silence the start/stop and calibration cues, and remember it", group: .backing, inPresets: false),
        OptionSpec(name: "--unmute-cues", short: nil, value: nil, defaultText: nil,
                   help: "let the cues sound again, and remember it", group: .backing, inPresets: false),

        // MIDI
        OptionSpec(name: "--midi-out", short: nil, value: "PORT", defaultText: nil,
                   help: "also send the performance to an ALSA sequencer port (CLIENT:PORT or client name; see `aconnect -o`)",
                   group: .midi, inPresets: false),
        OptionSpec(name: "--midi-file", short: nil, value: "FILE.mid", defaultText: nil,
                   help: "with --replay: write the performance as a Standard MIDI File (alone, or beside --output)", group: .midi, inPresets: false),
        OptionSpec(name: "--midi-channel", short: nil, value: "1..16", defaultText: String(MIDISettings().channel + 1),
                   help: "MIDI channel", group: .midi),
        OptionSpec(name: "--midi-bend-range", short: nil, value: "2..48", defaultText: String(MIDISettings().bendRange),
                   help: "pitch-bend range in semitones, set on the receiver with RPN 0", group: .midi),
        OptionSpec(name: "--midi-volume", short: nil, value: "KIND", defaultText: MIDISettings().volume.rawValue,
                   help: "volume as cc7 (channel volume), cc11 (expression) or pressure (aftertouch)", group: .midi, values: .choices(MIDISettings.VolumeMessage.allCases.map(\.rawValue))),

        // Presets
        OptionSpec(name: "--preset", short: nil, value: "NAME", defaultText: nil,
                   help: "load saved sound, mapping and musicianship options (given options override them)", group: .presets),
        OptionSpec(name: "--save-preset", short: nil, value: "NAME", defaultText: nil,
                   help: "save those options as a preset (alone: save and exit)", group: .presets),

        // Tuner
        OptionSpec(name: "--audio-input", short: nil, value: "NAME", defaultText: "default",
                   help: "ALSA capture device the tuner listens on", group: .tuner),
        OptionSpec(name: "--duration", short: nil, value: "SECONDS", defaultText: "until Ctrl-C",
                   help: "stop the tuner after this much sound", group: .tuner),
    ]

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
