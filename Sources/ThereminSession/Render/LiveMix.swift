import ThereminCore

/// The live mix, made by the one render set-up (`RenderSetup.liveMix`): the theremin played from the controls the
/// tracking loop sends (`LiveRenderer`), the phrase looper, the backing track and the cues, mixed by one
/// `StereoMixer`. Replays and renders get the same backing track and voice from the same set-up
/// (`RenderSetup.performance(of:)`), so live play cannot mix differently.
public struct LiveMix {
    /// The theremin: the tracking loop feeds it, the session mutes it and reads its level.
    public let renderer: LiveRenderer
    /// What the sound output plays.
    public let mixer: StereoMixer
    /// The phrase looper, when there is one (its layers allocated before playing).
    public var looper: Looper? { mixer.looper }
}

extension RenderSetup {
    /// The second half of the set-up for live play: the mix around a voice that follows the hand in real time.
    /// Takes the backing track (one mix per set-up, as for `performance(of:)`).
    /// - Parameters:
    ///   - clock: the clock frames are stamped with; the voice reads a control's age on it.
    ///   - looper: give the mix a phrase looper (not while calibrating, nor without sound).
    ///   - cuesMuted: the start, stop and calibration cues are silent (the player turned them off).
    ///   - countIn: a play-along's score, whose count-in leads the backing in.
    public func liveMix(clock: any TimeSource, looper: Bool, cuesMuted: Bool, countIn score: Score? = nil) -> LiveMix {
        let rate = Double(sampleRate)
        let renderer = LiveRenderer(sounds: sound.makeSoundSwitch(sampleRate: rate), clock: clock)
        let mixer = StereoMixer(source: renderer, backing: backingTrack(countIn: score),
                                cues: CuePlayer(sampleRate: rate, muted: cuesMuted),
                                looper: looper ? Looper(sampleRate: rate, stereo: renderer.engine.effects.isStereo) : nil)
        return LiveMix(renderer: renderer, mixer: mixer)
    }

    /// `previous` made again at this set-up's rate, to take over from it (a JACK server restarted at another rate):
    /// the voice and effects made for the rate, continuing `previous`'s renderer (the tracking loop and the session go
    /// on talking to it), the backing track decoded at the rate and moved on by `playedSeconds`. The cues and the
    /// phrase looper are `previous`'s: the session holds them, and their sound keeps the rate it was made at.
    public func liveMix(continuing previous: LiveMix, playedSeconds: Double, countIn score: Score? = nil) -> StereoMixer {
        let renderer = LiveRenderer(sounds: sound.makeSoundSwitch(sampleRate: Double(sampleRate)),
                                    continuing: previous.renderer)
        var backing = backingTrack(countIn: score)
        backing?.skip(frames: Int(playedSeconds * Double(sampleRate)))
        return StereoMixer(source: renderer, backing: backing, cues: previous.mixer.cues, looper: previous.mixer.looper)
    }

    /// The backing track (taken: one mix per set-up), led in by a play-along's count-in.
    private func backingTrack(countIn score: Score?) -> BackingPlayer? {
        let backing = takeBacking()
        guard let score else { return backing }
        // Not muted with the cues: the count-in is the music's, not the instrument's.
        let rate = Double(sampleRate)
        let clicks = CountIn.render(beats: score.beatsPerBar, seconds: score.beat, sampleRate: rate,
                                    volume: CuePlayer.volumeSpec.defaultValue)
        let leadIn = BackingTrack(left: clicks, right: clicks, loops: false, crossfadeFrames: 0)
        return (backing ?? .silence()).leading(with: leadIn)
    }
}
