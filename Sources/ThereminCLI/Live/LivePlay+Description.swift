import ThereminAudio
import ThereminCore
import ThereminSession

extension LivePlay {
    /// The run as the session library takes it.
    func description(calibration: Calibration, paceByFrameTime: Bool) -> LivePerformance.Description {
        var description = LivePerformance.Description(sound: settings.sound, calibration: calibration)
        description.calibrateOnly = calibrateOnly
        description.cuesMuted = { MusicSetup.cuesMuted(settings) }
        description.paceByFrameTime = paceByFrameTime
        description.keepsFrameRate = settings.frameRate != nil
        description.playerLock = seesPeople ? settings.lockSettings(stillImages: stillImages) : nil
        description.take = settings.record.map { asked in
            (asked, { TraceMetadataBuilder.make(settings, source: $0, tracker: settings.tracker.rawValue,
                                                calibration: calibration) }, settings.music.handCount)
        }
        description.journal = LeftoverReport.journal()
        description.playAlong = settings.playAlong.score
        description.loopOut = settings.loopOut.map { path in
            { rate in
                let file = try SoundFileWriter(path: path, sampleRate: rate, channels: 2)
                return LoopDestination(path: file.path, write: { samples in
                    try samples.withUnsafeBufferPointer { try file.write($0) }
                    try file.finish()
                }, discard: file.discard)
            }
        }
        var options = LiveSession.Options()
        options.printStats = settings.stats
        options.verbose = settings.verbose
        options.scale = settings.music.correction.scale
        options.root = settings.music.correction.root
        options.octave = settings.music.octave
        options.startMuted = UserConfig.load(path: UserConfig.path()).config.muted
        options.report = { Output.err($0 + "\n") }
        options.stopRequest = { SignalWatch.received }
        options.rememberMute = UserConfig.rememberMute
        description.options = options
        return description
    }
}
