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
    var backingVolume = Options.backingVolume.defaultValue ?? BackingPlayer.volumeSpec.defaultValue
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
    var audioInput = Options.audioInput.defaultValue ?? "default"
    /// Seconds of sound after which the tuner stops (nil: until Ctrl-C).
    var duration: Double?

    /// Reads the options of `OptionTable.music` that shape pitch and hands, plus the voice's brightness and vibrato.
    mutating func read(_ parsed: ParsedArguments, voice: inout VoiceSettings, mode: Settings.Mode, mapping: Mapping) throws {
        try readTuner(parsed)
        voice.brightness = try parsed.value(Options.brightness) ?? voice.brightness
        voice.vibrato = try parsed.value(Options.vibrato) ?? voice.vibrato
        try readCorrection(parsed)
        try readHands(parsed, mapping: mapping)
        try readBacking(parsed)
        try readMIDI(parsed, mode: mode)
        savePreset = try parsed.value(Options.savePreset)
        presetOptions = parsed.storableOptions
    }

    private mutating func readMIDI(_ parsed: ParsedArguments, mode: Settings.Mode) throws {
        midiOut = try parsed.value(Options.midiOut)
        midiFile = try parsed.value(Options.midiFile)
        if midiFile != nil {
            guard ModeTable.entry(mode.kind).writesMIDIFile else {
                throw UsageError("--midi-file needs \(ModeTable.listing(\.writesMIDIFile, as: \.invocation, joinedBy: "or"))",
                                 options: [Options.midiFile.name] + ModeTable.all.filter(\.writesMIDIFile).compactMap(\.option))
            }
        }
        midi.channel = try parsed.value(Options.midiChannel).map { UInt8($0 - 1) } ?? midi.channel
        midi.bendRange = try parsed.value(Options.midiBendRange) ?? midi.bendRange
        midi.volume = try parsed.value(Options.midiVolume) ?? midi.volume
        midi.mode = try parsed.value(Options.midiMode) ?? midi.mode
        midi.slide = try parsed.value(Options.midiSlide) ?? (handCount == 2 ? .volumeY : .off)
        let midiOptions = [Options.midiChannel.name, Options.midiBendRange.name, Options.midiVolume.name,
                           Options.midiMode.name, Options.midiSlide.name]
        if midiOut == nil && midiFile == nil, let stray = midiOptions.first(where: parsed.has) {
            throw UsageError("\(stray) needs --midi-out PORT or --midi-file FILE", options: [stray, "--midi-out", "--midi-file"])
        }
        try checkMPE(parsed)
        if midiOut != nil, parsed.has(Options.output) {
            throw UsageError("--midi-out plays along live; to keep the MIDI of an --output render, use --midi-file", options: ["--midi-out", "--output", "--midi-file"])
        }
    }

    /// MPE fixes the channels (a lower zone over all sixteen) and carries loudness as pressure; the slide axis is
    /// MPE's alone.
    private func checkMPE(_ parsed: ParsedArguments) throws {
        if midi.mode == .mpe {
            if parsed.has(Options.midiChannel) {
                throw UsageError("--midi-channel does not apply to --midi-mode mpe: its lower zone uses channel 1 to manage and 2-16 for the notes", options: ["--midi-channel", "--midi-mode"])
            }
            if parsed.has(Options.midiVolume) {
                throw UsageError("--midi-volume does not apply to --midi-mode mpe: loudness is each note's channel pressure", options: ["--midi-volume", "--midi-mode"])
            }
        } else if parsed.has(Options.midiSlide) {
            throw UsageError("--midi-slide needs --midi-mode mpe", options: ["--midi-slide", "--midi-mode"])
        }
    }

    /// Only with `--tuner` (ModeTable refuses them elsewhere).
    private mutating func readTuner(_ parsed: ParsedArguments) throws {
        audioInput = try parsed.value(Options.audioInput) ?? audioInput
        duration = try parsed.value(Options.duration)
    }

    private mutating func readBacking(_ parsed: ParsedArguments) throws {
        backing = try parsed.value(Options.backing)
        loop = parsed.has(Options.loop)
        backingVolume = try parsed.value(Options.backingVolume) ?? backingVolume
        if backing == nil, let stray = [Options.loop.name, Options.backingVolume.name].first(where: parsed.has) {
            throw UsageError("\(stray) needs --backing FILE", options: [stray, "--backing"])
        }
        switch (parsed.has(Options.muteCues), parsed.has(Options.unmuteCues)) {
        case (true, true): throw UsageError("--mute-cues and --unmute-cues contradict each other; pick one", options: ["--mute-cues", "--unmute-cues"])
        case (true, false): cuesMuted = true
        case (false, true): cuesMuted = false
        case (false, false): cuesMuted = nil
        }
    }

    private mutating func readCorrection(_ parsed: ParsedArguments) throws {
        let scale = try parsed.value(Options.scale) ?? .chromatic
        let root = try parsed.value(Options.root) ?? 0
        let amount = try parsed.value(Options.correct) ?? 0
        correction = PitchCorrection(scale: scale, root: root, amount: amount)
        octave = try parsed.value(Options.octave) ?? octave
    }

    /// With the antenna law the volume hand plays above the loop (its zone shaped by the field), and the pitch rod
    /// must stand on the pitch hand's side: across the volume hand, the hands would have to cross over.
    private mutating func readHands(_ parsed: ParsedArguments, mapping: Mapping) throws {
        let count = try parsed.value(Options.hands) ?? 1
        let twoHandOnly = [Options.leftHanded.name, Options.volumeTop.name, Options.volumeBottom.name].filter(parsed.has)
        guard count == 2 else {
            if let first = twoHandOnly.first { throw UsageError("\(first) needs --hands 2", options: [first, "--hands"]) }
            handMode = .one
            return
        }
        var settings = TwoHandSettings(leftHanded: parsed.has(Options.leftHanded))
        if let side = mapping.antennaSide {
            guard (side == .left) == settings.leftHanded else {
                throw UsageError("--antenna \(side.rawValue) puts the pitch rod on the volume hand's side with --hands 2; "
                                 + (settings.leftHanded ? "use --antenna left, or drop --left-handed"
                                                        : "add --left-handed to play pitch with the left hand, or use --antenna right"), options: ["--antenna", "--hands", "--left-handed"])
            }
            settings.loop = mapping.antenna
        }
        settings.volumeTop = try parsed.value(Options.volumeTop) ?? settings.volumeTop
        settings.volumeBottom = try parsed.value(Options.volumeBottom) ?? settings.volumeBottom
        guard settings.volumeTop < settings.volumeBottom else {
            throw UsageError("--volume-top (\(settings.volumeTop)) must be above --volume-bottom (\(settings.volumeBottom)), i.e. a smaller number", options: ["--volume-top", "--volume-bottom"])
        }
        handMode = .two(settings)
    }

    /// Parses `RATE,DEPTH` (Hz, cents), e.g. `5.5,15`.
    static func vibrato(_ text: String) throws -> VibratoSettings {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let rate = Double(parts[0]), let depth = Double(parts[1]) else {
            throw UsageError("--vibrato '\(text)' is not RATE,DEPTH; e.g. 5.5,15 for 5.5 Hz and 15 cents", options: ["--vibrato"])
        }
        guard VibratoSettings.rateSpec.accepts(rate) else {
            throw UsageError("--vibrato rate \(Settings.hz(rate)) Hz is out of range; use 0.1 to 20 Hz", options: ["--vibrato"])
        }
        guard VibratoSettings.depthSpec.accepts(depth) else {
            throw UsageError("--vibrato depth \(Settings.hz(depth)) cents is out of range; use 0 to 200 cents", options: ["--vibrato"])
        }
        return VibratoSettings(rate: rate, depth: depth)
    }
}

import Foundation
