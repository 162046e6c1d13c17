import ThereminCore

/// The musicianship options (pitch correction, two hands, voice, backing track, cues, MIDI, tuner, presets), kept in
/// their own block of the option table.
extension Options {
    static let music: [any AnyOption] = [
        tuner, brightness, vibrato, correct, scale, root, octave, hands, leftHanded, volumeTop, volumeBottom,
        backing, loop, backingVolume, muteCues, unmuteCues, midiOut, midiFile, midiChannel, midiBendRange, midiVolume,
        midiMode, midiSlide,
        preset, savePreset, audioInput, duration,
    ]

    // MARK: Modes
    static let tuner = Option.flag("--tuner",
                                   help: "listen on a microphone or line input and show the note, cents off and frequency",
                                   group: .modes)

    // MARK: Voice
    static let brightness = Option.number("--brightness", value: "0..1", parameter: HarmonicWavetable.brightnessSpec,
                                          help: HarmonicWavetable.brightnessSpec.help + " (with --wave theremin)", group: .sound)
    static let vibrato = Option<VibratoSettings>("--vibrato", value: "RATE,DEPTH",
                                                 help: "pitch vibrato: rate in Hz (0.1-20), depth in cents (0-200), e.g. 5.5,15",
                                                 group: .sound, defaultText: "off", parse: MusicSettings.vibrato)

    // MARK: Pitch correction and register
    static let correct = Option.number("--correct", value: "0..100", parameter: PitchCorrection.amountSpec,
                                       help: "pull towards the scale's notes in percent: 0 continuous, 100 snapped",
                                       group: .correction)
    static let scale = Option<Scale>("--scale", value: "NAME",
                                     help: "scale for --correct and the note lines: \(Scale.all.map(\.name).joined(separator: ", "))",
                                     group: .correction, default: .chromatic, describe: { $0.name },
                                     values: .choices(Scale.all.map(\.name))) { text in
        guard let named = Scale.named(text) else {
            throw UsageError("--scale '\(text)' is unknown; use one of \(Scale.all.map(\.name).joined(separator: ", "))", options: ["--scale"])
        }
        return named
    }
    static let root = Option<Int>("--root", value: "NOTE", help: "the scale's root, e.g. C, F#, Bb", group: .correction,
                                  default: 0, describe: { Note.name(midi: 60 + $0).filter { !$0.isNumber } }) { text in
        guard let pitchClass = Note.parsePitchClass(text) else {
            throw UsageError("--root '\(text)' is not a note name; use C, C#, Db, D, … B", options: ["--root"])
        }
        return pitchClass
    }
    static let octave = Option.integer("--octave", value: "-3..3", help: "shift everything played by whole octaves",
                                       group: .correction, default: 0, range: -3...3, signed: true,
                                       refusal: "is out of range; use a whole number from -3 to 3")

    // MARK: Two-hand play
    static let hands = Option.integer("--hands", value: "1|2",
                                      help: "1: height sets pitch, sideways position volume; 2: one hand's height pitch, the other's volume",
                                      group: .hands, default: 1, allowed: [1, 2], refusal: "is not supported; use 1 or 2")
    static let leftHanded = Option.flag("--left-handed", help: "with --hands 2: pitch with the left hand, volume with the right",
                                        group: .hands)
    static let volumeTop = Option.number("--volume-top", value: "0..1", parameter: TwoHandSettings.volumeTopSpec, group: .hands)
    static let volumeBottom = Option.number("--volume-bottom", value: "0..1", parameter: TwoHandSettings.volumeBottomSpec,
                                            help: TwoHandSettings.volumeBottomSpec.help + " (a closed fist mutes too)",
                                            group: .hands)

    // MARK: Backing track and cues
    static let backing = Option<String>("--backing", value: "FILE",
                                        help: "play a WAV/FLAC/OGG file under the theremin (resampled to the device rate)",
                                        group: .backing) { path in
        guard !path.isEmpty else { throw UsageError("--backing needs a sound file (WAV, FLAC or OGG)", options: ["--backing"]) }
        return path
    }
    static let loop = Option.flag("--loop", help: "repeat the backing track (the seam is crossfaded)", group: .backing)
    static let backingVolume = Option.number("--backing-volume", value: "0..1", parameter: BackingPlayer.volumeSpec,
                                             group: .backing)
    static let muteCues = Option.flag("--mute-cues", help: "silence the start/stop and calibration cues, and remember it",
                                      group: .backing, inPresets: false)
    static let unmuteCues = Option.flag("--unmute-cues", help: "let the cues sound again, and remember it", group: .backing,
                                        inPresets: false)

    // MARK: MIDI
    static let midiOut = Option<String>("--midi-out", value: "PORT",
                                        help: "also send the performance to an ALSA sequencer port (CLIENT:PORT or client name; see `aconnect -o`), or as JACK MIDI: jack: (port theremin:midi_out with --audio jack, else theremin-midi:midi_out, for a patchbay) or jack:PORT to connect it",
                                        group: .midi, inPresets: false) { port in
        guard !port.isEmpty else { throw UsageError("--midi-out needs a port, e.g. 128:0 (see `aconnect -o`)", options: ["--midi-out"]) }
        return port
    }
    static let midiFile = Option<String>("--midi-file", value: "FILE.mid",
                                         help: "with --replay: write the performance as a Standard MIDI File (alone, or beside --output)",
                                         group: .midi, inPresets: false, writes: .renamedIntoPlace) { file in
        guard !file.isEmpty, !file.hasSuffix("/") else { throw UsageError("--midi-file needs a file name, e.g. take.mid", options: ["--midi-file"]) }
        return file
    }
    static let midiChannel = Option.integer("--midi-channel", value: "1..16", help: "MIDI channel", group: .midi,
                                            default: Int(MIDISettings().channel) + 1, range: 1...16,
                                            refusal: "is out of range; use 1 to 16")
    static let midiBendRange = Option.integer("--midi-bend-range", value: "2..48",
                                              help: "pitch-bend range in semitones, set on the receiver with RPN 0",
                                              group: .midi, default: MIDISettings().bendRange, range: 2...48,
                                              refusal: "is out of range; use a whole number of semitones from 2 to 48")
    static let midiVolume = Option<MIDISettings.VolumeMessage>.choice("--midi-volume", value: "KIND",
                                                                      help: "volume as cc7 (channel volume), cc11 (expression) or pressure (aftertouch)",
                                                                      group: .midi, default: MIDISettings().volume,
                                                                      refusal: "is unknown", accepted: "cc7, cc11 or pressure")
    static let midiMode = Option<MIDISettings.Mode>.choice("--midi-mode", value: "MODE",
                                                           help: "single: one channel, bent; mpe: MIDI Polyphonic Expression (lower zone, channel 1 manager, each note on the next of channels 2-16 with its own bend, pressure and CC 74)",
                                                           group: .midi, default: MIDISettings().mode,
                                                           refusal: "is unknown", accepted: "single or mpe")
    static let midiSlide = Option<SlideAxis>.choice("--midi-slide", value: "AXIS",
                                                    help: "with --midi-mode mpe: what CC 74 follows: pitch-x, volume-x (sideways), volume-y (the volume hand's height) or off",
                                                    group: .midi, default: nil, defaultText: "volume-y with --hands 2, off with one hand",
                                                    refusal: "is unknown")

    // MARK: Presets
    static let preset = Option<String>("--preset", value: "NAME",
                                       help: "load saved sound, mapping and musicianship options (given options override them)",
                                       group: .presets) { name in
        try PresetOptions.checkName(name, option: "--preset")
        return name
    }
    static let savePreset = Option<String>("--save-preset", value: "NAME",
                                           help: "save those options as a preset (alone: save and exit)", group: .presets) { name in
        try PresetOptions.checkName(name, option: "--save-preset")
        return name
    }

    // MARK: Tuner
    static let audioInput = Option<String>("--audio-input", value: "NAME", help: "ALSA capture device the tuner listens on",
                                           group: .tuner, default: "default") { device in
        guard !device.isEmpty else { throw UsageError("--audio-input needs a capture device name, e.g. default or hw:1", options: ["--audio-input"]) }
        return device
    }
    static let duration = Option.number("--duration", value: "SECONDS",
                                        parameter: ParameterSpec(name: "duration", defaultValue: 0, range: 0.1...86_400, unit: "s",
                                                                 help: "stop the tuner after this much sound"),
                                        group: .tuner, hasDefault: false, defaultText: "until Ctrl-C")
}
