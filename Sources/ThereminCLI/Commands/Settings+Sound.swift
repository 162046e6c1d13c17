import ThereminAudio
import ThereminCore
import ThereminSession

/// What the options describe, in the session library's terms: the sound (control and sound paths) and the
/// playback device.
extension Settings {
    /// The smoothing, mapping, correction, register, hands, voice, effects and backing track asked for.
    var sound: SoundDescription {
        let mapper = ControlMapper(mapping: mapping, smoothing: smoothing, correction: music.correction,
                                   octave: music.octave, handMode: music.handMode)
        let backing = music.backing.map {
            BackingTrackDescription(path: $0, loops: music.loop, volume: music.backingVolume)
        }
        var sound = SoundDescription(mapper: mapper, voice: voice, effects: effects, backing: backing)
        sound.presets = presetSounds
        return sound
    }

    /// Frames per ALSA period at the chosen rate.
    var periodFrames: Int {
        guard let periodMilliseconds else { return PlaybackRequest.automaticPeriodFrames(sampleRate: sampleRate) }
        return max(16, Int((Double(sampleRate) * periodMilliseconds / 1000).rounded()))
    }

    /// The sound device, rate and period asked for; notices (real-time refused) go to stderr.
    var playbackRequest: PlaybackRequest {
        var request = PlaybackRequest(device: audioDevice, sampleRate: sampleRate, periodFrames: periodFrames)
        if periodMilliseconds == nil { request = request.adaptingDepth() }
        request.notice = { Output.err("theremin: \($0)\n") }
        return request
    }
}
