import ThereminCore

/// The musicianship part of the settings, validated in one place like the rest.
struct MusicSettings: Sendable {
    var correction = PitchCorrection.off
    var octave = 0
    var handMode = HandMode.one

    /// Hands played with: 1, or 2 in two-hand mode.
    var handCount: Int {
        if case .two = handMode { return 2 }
        return 1
    }
    /// The backing track to play under the theremin.
    var backing: String?
    var loop = false
    var backingVolume = BackingPlayer.volumeSpec.defaultValue
    /// A change to the remembered cue mute state asked for on the command line (nil: keep what is saved).
    var cuesMuted: Bool?
    /// ALSA sequencer port to play along on, and/or a MIDI file to write (with --replay).
    var midiOut: String?
    var midiFile: String?
    var midi = MIDISettings()
    /// `--save-preset NAME` and the options it keeps.
    var savePreset: String?
    var presetOptions: [String: [String]] = [:]
    /// The tuner's capture device.
    var audioInput = "default"
    /// Seconds of sound after which the tuner stops (nil: until Ctrl-C).
    var duration: Double?

    /// Reads the options of `OptionTable.music` that shape pitch and hands, plus the voice's brightness and vibrato.
    mutating func read(_ parsed: ParsedArguments, voice: inout VoiceSettings, mode: Settings.Mode) throws {
        try readTuner(parsed, mode: mode)
        voice.brightness = try Settings.number(parsed, "--brightness", HarmonicWavetable.brightnessSpec) ?? voice.brightness
        if let text = parsed.value("--vibrato") {
            voice.vibrato = try MusicSettings.vibrato(text)
        }
        try readCorrection(parsed)
        try readHands(parsed)
        try readBacking(parsed)
        try readMIDI(parsed, mode: mode)
        if let name = parsed.value("--save-preset") {
            try PresetOptions.checkName(name, option: "--save-preset")
            savePreset = name
        }
        presetOptions = parsed.storableOptions
    }

    private mutating func readMIDI(_ parsed: ParsedArguments, mode: Settings.Mode) throws {
        midiOut = parsed.value("--midi-out")
        midiFile = parsed.value("--midi-file")
        if let port = midiOut, port.isEmpty { throw UsageError("--midi-out needs a port, e.g. 128:0 (see `aconnect -o`)") }
        if let file = midiFile {
            guard !file.isEmpty, !file.hasSuffix("/") else { throw UsageError("--midi-file needs a file name, e.g. take.mid") }
            guard case .replay = mode else { throw UsageError("--midi-file needs --replay TRACE") }
        }
        if let text = parsed.value("--midi-channel") {
            guard let channel = Int(text), (1...16).contains(channel) else {
                throw UsageError("--midi-channel '\(text)' is out of range; use 1 to 16")
            }
            midi.channel = UInt8(channel - 1)
        }
        if let text = parsed.value("--midi-bend-range") {
            guard let range = Int(text), (2...48).contains(range) else {
                throw UsageError("--midi-bend-range '\(text)' is out of range; use a whole number of semitones from 2 to 48")
            }
            midi.bendRange = range
        }
        if let text = parsed.value("--midi-volume") {
            guard let kind = MIDISettings.VolumeMessage(rawValue: text.lowercased()) else {
                throw UsageError("--midi-volume '\(text)' is unknown; use cc7, cc11 or pressure")
            }
            midi.volume = kind
        }
        if midiOut == nil && midiFile == nil,
           let stray = ["--midi-channel", "--midi-bend-range", "--midi-volume"].first(where: parsed.has) {
            throw UsageError("\(stray) needs --midi-out PORT or --midi-file FILE")
        }
        if midiOut != nil, parsed.has("--output") {
            throw UsageError("--midi-out plays along live; to keep the MIDI of an --output render, use --midi-file")
        }
    }

    private mutating func readTuner(_ parsed: ParsedArguments, mode: Settings.Mode) throws {
        if let device = parsed.value("--audio-input") {
            guard !device.isEmpty else { throw UsageError("--audio-input needs a capture device name, e.g. default or hw:1") }
            audioInput = device
        }
        duration = try Settings.number(parsed, "--duration", ParameterSpec(
            name: "duration", defaultValue: 0, range: 0.1...86_400, unit: "s", help: ""))
        if mode != .tuner, let stray = ["--audio-input", "--duration"].first(where: parsed.has) {
            throw UsageError("\(stray) only applies to --tuner")
        }
    }

    private mutating func readBacking(_ parsed: ParsedArguments) throws {
        if let path = parsed.value("--backing") {
            guard !path.isEmpty else { throw UsageError("--backing needs a sound file (WAV, FLAC or OGG)") }
            backing = path
        }
        loop = parsed.has("--loop")
        backingVolume = try Settings.number(parsed, "--backing-volume", BackingPlayer.volumeSpec) ?? backingVolume
        if backing == nil, let stray = ["--loop", "--backing-volume"].first(where: parsed.has) {
            throw UsageError("\(stray) needs --backing FILE")
        }
        switch (parsed.has("--mute-cues"), parsed.has("--unmute-cues")) {
        case (true, true): throw UsageError("--mute-cues and --unmute-cues contradict each other; pick one")
        case (true, false): cuesMuted = true
        case (false, true): cuesMuted = false
        case (false, false): cuesMuted = nil
        }
    }

    private mutating func readCorrection(_ parsed: ParsedArguments) throws {
        var scale = Scale.chromatic
        if let text = parsed.value("--scale") {
            guard let named = Scale.named(text) else {
                throw UsageError("--scale '\(text)' is unknown; use one of \(Scale.all.map(\.name).joined(separator: ", "))")
            }
            scale = named
        }
        var root = 0
        if let text = parsed.value("--root") {
            guard let pitchClass = Note.parsePitchClass(text) else {
                throw UsageError("--root '\(text)' is not a note name; use C, C#, Db, D, … B")
            }
            root = pitchClass
        }
        let amount = try Settings.number(parsed, "--correct", PitchCorrection.amountSpec) ?? 0
        correction = PitchCorrection(scale: scale, root: root, amount: amount)
        if let text = parsed.value("--octave") {
            guard let shift = Int(text.hasPrefix("+") ? String(text.dropFirst()) : text), (-3...3).contains(shift) else {
                throw UsageError("--octave '\(text)' is out of range; use a whole number from -3 to 3")
            }
            octave = shift
        }
    }

    private mutating func readHands(_ parsed: ParsedArguments) throws {
        var count = 1
        if let text = parsed.value("--hands") {
            guard let value = Int(text), value == 1 || value == 2 else {
                throw UsageError("--hands '\(text)' is not supported; use 1 or 2")
            }
            count = value
        }
        let twoHandOnly = ["--left-handed", "--volume-top", "--volume-bottom"].filter(parsed.has)
        guard count == 2 else {
            if let first = twoHandOnly.first { throw UsageError("\(first) needs --hands 2") }
            handMode = .one
            return
        }
        var settings = TwoHandSettings(leftHanded: parsed.has("--left-handed"))
        settings.volumeTop = try Settings.number(parsed, "--volume-top", TwoHandSettings.volumeTopSpec) ?? settings.volumeTop
        settings.volumeBottom = try Settings.number(parsed, "--volume-bottom", TwoHandSettings.volumeBottomSpec) ?? settings.volumeBottom
        guard settings.volumeTop < settings.volumeBottom else {
            throw UsageError("--volume-top (\(settings.volumeTop)) must be above --volume-bottom (\(settings.volumeBottom)), i.e. a smaller number")
        }
        handMode = .two(settings)
    }

    /// Parses `RATE,DEPTH` (Hz, cents), e.g. `5.5,15`.
    static func vibrato(_ text: String) throws -> VibratoSettings {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let rate = Double(parts[0]), let depth = Double(parts[1]) else {
            throw UsageError("--vibrato '\(text)' is not RATE,DEPTH; e.g. 5.5,15 for 5.5 Hz and 15 cents")
        }
        guard VibratoSettings.rateSpec.accepts(rate) else {
            throw UsageError("--vibrato rate \(Settings.hz(rate)) Hz is out of range; use 0.1 to 20 Hz")
        }
        guard VibratoSettings.depthSpec.accepts(depth) else {
            throw UsageError("--vibrato depth \(Settings.hz(depth)) cents is out of range; use 0 to 200 cents")
        }
        return VibratoSettings(rate: rate, depth: depth)
    }
}

import Foundation
