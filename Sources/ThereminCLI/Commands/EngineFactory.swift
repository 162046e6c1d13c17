import ThereminAudio
import ThereminCore

/// Builds the sound engine the settings describe, for a given output rate.
enum EngineFactory {
    static func make(_ settings: Settings, sampleRate: Double) -> SynthEngine {
        let effects = settings.effects.map { $0.makeEffect(sampleRate: sampleRate) }
        return SynthEngine(sampleRate: sampleRate, voice: settings.voice, effects: EffectChain(effects))
    }

    /// The smoothing, mapping, pitch correction, register and hand mode the settings describe.
    static func mapper(_ settings: Settings) -> ControlMapper {
        ControlMapper(mapping: settings.mapping, smoothing: settings.smoothing, correction: settings.music.correction,
                      octave: settings.music.octave, handMode: settings.music.handMode)
    }

    /// Seconds of sound after the last control: the fade plus the echoes dying away.
    static func tail(_ settings: Settings) -> Double {
        var longestDelay: DelaySettings?
        for case .delay(let delay) in settings.effects where delay.time > (longestDelay?.time ?? 0) {
            longestDelay = delay
        }
        return ReplayPlan.tail(voice: settings.voice, delay: longestDelay)
    }

    /// The renderer to play or render: the theremin alone, or mixed with the backing track when one is asked for.
    /// The track is decoded and resampled here, before playback starts.
    /// - Throws: `SoundFileError` for a backing file that cannot be read.
    static func mix(_ settings: Settings, theremin: BlockRenderer, sampleRate: Int) throws -> BlockRenderer {
        guard let path = settings.music.backing else { return theremin }
        let track = try BackingTrackLoader.load(path: path, sampleRate: sampleRate, loops: settings.music.loop)
        return StereoMixer(source: theremin, backing: BackingPlayer(track: track, volume: settings.music.backingVolume))
    }

    /// The live mix: the theremin, the backing track if asked for, and the cues (start/stop, calibration) with the
    /// remembered mute state. Trigger cues with `mixer.cues?.play(.start)`; mute with `mixer.cues?.setMuted(_:)`
    /// (and save the state with `UserConfig`).
    /// - Throws: `SoundFileError` for a backing file that cannot be read.
    static func liveMix(_ settings: Settings, theremin: BlockRenderer, sampleRate: Int) throws -> StereoMixer {
        let backing = try settings.music.backing.map {
            BackingPlayer(track: try BackingTrackLoader.load(path: $0, sampleRate: sampleRate, loops: settings.music.loop),
                          volume: settings.music.backingVolume)
        }
        let cues = CuePlayer(sampleRate: Double(sampleRate), muted: MusicSetup.cuesMuted(settings))
        return StereoMixer(source: theremin, backing: backing, cues: cues)
    }

    static func playbackRequest(_ settings: Settings) -> PlaybackRequest {
        var request = PlaybackRequest(device: settings.audioDevice, sampleRate: settings.sampleRate,
                                      periodFrames: settings.periodFrames)
        request.notice = { Output.err("theremin: \($0)\n") }
        return request
    }
}
