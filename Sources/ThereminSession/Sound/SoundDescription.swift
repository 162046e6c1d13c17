import ThereminCore

/// Everything that decides what a performance sounds like, once, for every way of playing it (live, `--replay` on
/// the sound card or into a file, offline `--input`): the control path (smoothing, mapping, correction, register,
/// hands) and the sound path (voice, effects, backing track). A session is described by one of these; the command
/// line builds it from the options.
public struct SoundDescription: Sendable {
    /// Smoothing, mapping, pitch correction, octave and hand mode; its calibration is set per session.
    public var mapper: ControlMapper
    public var voice: VoiceSettings
    public var effects: [SoundEffect]
    public var backing: BackingTrackDescription?
    /// The presets the player can switch to while playing (the set list), each a sound of its own with this one's
    /// backing track; a take names the one played from a row on (`# sound: NAME`).
    public var presets: [NamedSound] = []

    public init(mapper: ControlMapper, voice: VoiceSettings = VoiceSettings(), effects: [SoundEffect] = [],
                backing: BackingTrackDescription? = nil) {
        self.mapper = mapper
        self.voice = voice
        self.effects = effects
        self.backing = backing
    }

    /// The voice and its effect chain at an output rate, to play live (`realTime`) or render offline. The chain is
    /// stereo from its first stereo effect on; a mono effect after that is made once per channel.
    public func makeEngine(sampleRate: Double, realTime: Bool = true) -> SynthEngine {
        SynthEngine(sampleRate: sampleRate, voice: voice, effects: EffectChain(makers: effects.map { effect in
            { effect.makeEffect(sampleRate: sampleRate, realTime: realTime) }
        }))
    }

    /// This sound's engine and each preset's, to switch between (sound `i + 1` is `presets[i]`).
    /// - Parameter realTime: as `makeEngine`'s (false for renders: plugins' work done in place, byte for byte).
    public func makeSoundSwitch(sampleRate: Double, realTime: Bool = true) -> SoundSwitch {
        SoundSwitch(engines: [makeEngine(sampleRate: sampleRate, realTime: realTime)]
                        + presets.map { $0.sound.makeEngine(sampleRate: sampleRate, realTime: realTime) },
                    tails: [tail] + presets.map(\.sound.tail))
    }

    /// Each preset's name and mapper with a session's calibration, for the tracking loop and the replay plan.
    public func presetMappers(calibratedBy calibration: Calibration) -> [(name: String, mapper: ControlMapper)] {
        presets.map { ($0.name, $0.sound.mapper(calibratedBy: calibration)) }
    }

    /// The mapper with a session's calibration.
    public func mapper(calibratedBy calibration: Calibration) -> ControlMapper {
        var calibrated = mapper
        calibrated.calibration = calibration
        return calibrated
    }

    /// Seconds of sound after the last control: the fade plus the echoes of the longest delay dying away, or a
    /// plugin's decay (a reverb's), whichever is longer.
    public var tail: Double {
        var longestDelay: DelaySettings?
        for case .delay(let delay) in effects where delay.time > (longestDelay?.time ?? 0) {
            longestDelay = delay
        }
        let plugins = effects.compactMap { effect -> Double? in
            if case .plugin(let plugin) = effect { return plugin.tail }
            return nil
        }
        let ringing = plugins.max().map { voice.fade / 1000 + 0.05 + $0 } ?? 0
        return min(30, max(ReplayPlan.tail(voice: voice, delay: longestDelay), ringing))
    }

    /// Frames to keep the device running after asking for a fade-out, so the fade (and `extra` seconds, e.g. the
    /// stop cue) is heard before the device closes: the fade plus the device's own buffer.
    public func fadeOutFrames(sampleRate: Int, bufferFrames: Int, extra: Double = 0) -> Int {
        Int(max(voice.fade / 1000, extra) * Double(sampleRate)) + bufferFrames
    }

    /// The backing track player, decoded and resampled now (before any sound starts), or nil without one.
    /// - Parameter files: reads sound files (ThereminAudio's `BackingTrackLoader`).
    /// - Throws: the loader's error for a backing file that cannot be read.
    public func loadBacking(sampleRate: Int, from files: any BackingTrackLoading.Type) throws -> BackingPlayer? {
        try backing.map {
            BackingPlayer(track: try files.load(path: $0.path, sampleRate: sampleRate, loops: $0.loops),
                          volume: $0.volume)
        }
    }
}

/// A preset of the set list: its name (its file in the presets folder) and the sound it describes.
public struct NamedSound: Sendable {
    public var name: String
    public var sound: SoundDescription

    public init(name: String, sound: SoundDescription) {
        self.name = name
        self.sound = sound
    }
}
