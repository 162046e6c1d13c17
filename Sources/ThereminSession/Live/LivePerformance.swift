import Foundation
import ThereminCore

/// A live run from start to end, the same for the camera, a file played live, the demo and `--calibrate`: the one
/// render set-up makes the mix, the take is opened, the tracking loop and the session run, and then the run's ending
/// is settled in a fixed order — followers finished, the take finished ("recorded PATH"), calibrations saved, a
/// failure thrown, the calibration's result, the loop saved. The command line describes it (`Description`), plugs in
/// the hardware (`Ports`) and prints the outcome.
public struct LivePerformance {
    /// What the run is, decided before anything is opened.
    public struct Description {
        public var sound: SoundDescription
        public var calibration: Calibration
        /// Stop after the first calibration (`--calibrate`); the tone stays silent, only cues sound.
        public var calibrateOnly = false
        /// Whether the start, stop and calibration cues are silent (the remembered state: read when the mix is made).
        public var cuesMuted: () -> Bool = { false }
        /// A file played live is paced like a camera: frames at their own times, late ones skipped.
        public var paceByFrameTime = false
        /// The player gave the camera's rate (`--fps`): it is kept whatever frames cost.
        public var keepsFrameRate = false
        /// Only the player's hands play (`--player-lock on`, the default); nil: any hand plays.
        public var playerLock: PlayerLock.Settings?
        /// `--record`: the name asked for, the trace's metadata (from the source as played) and the hands recorded.
        public var take: (asked: String, metadata: (FrameSource) -> TraceMetadata, hands: Int)?
        /// Where the takes in progress are noted (the crash journal).
        public var journal: TakeJournal?
        /// `--loop-out`: opens the loop's file at the output's rate (before playing, so a bad folder stops the run).
        public var loopOut: ((Int) throws -> LoopDestination)?
        /// `--play-along`: the score, counted in and scored at the end (`Ports.scored`).
        public var playAlong: Score?
        /// The session's display, statistics and key options (`stopAfterCalibration` is set from `calibrateOnly`).
        public var options = LiveSession.Options()

        public init(sound: SoundDescription, calibration: Calibration) {
            self.sound = sound
            self.calibration = calibration
        }
    }

    /// The hardware and the command line's parts, plugged in.
    public struct Ports {
        public var source: FrameSource
        public var tracking: any HandTracking
        /// Which source errors mean "keep calling" (camera unplugged) rather than the end.
        public var isTransient: TrackingLoop.TransientCheck
        /// The sound device, or nil to play silently (calibrating from a file: nobody is listening).
        public var output: (any SoundOutput)?
        /// The rate when there is no output.
        public var sampleRate: Int
        public var backingFiles: any BackingTrackLoading.Type
        public var scheduler: (any ThreadScheduler)?
        public var clock: any TimeSource = SystemTimeSource()
        /// Connects what follows the performance (MIDI, OSC) once the take is open: a failure drops an empty take.
        public var followers: () throws -> LiveFollowers = { LiveFollowers() }
        /// Opens the inputs of the player's actions (`--osc-in`, `--midi-in`) before the followers: a port that
        /// cannot be opened stops the run before it plays, and drops the empty take.
        public var actions: () throws -> [any ActionInput] = { [] }
        /// Makes the display (after the followers: both may say something).
        public var display: () -> LiveDisplay
        /// Called just before playing starts (the command line watches for signals from here).
        public var willRun: () -> Void = {}
        /// Called when the take has its name (what `--report` on the same file reads).
        public var tookName: (String) -> Void = { _ in }
        /// Called at the end of a play-along with its score (after the take is finished).
        public var scored: (PlayAlongScore) -> Void = { _ in }

        public init(source: FrameSource, tracking: any HandTracking, isTransient: @escaping TrackingLoop.TransientCheck,
                    output: (any SoundOutput)?, sampleRate: Int, backingFiles: any BackingTrackLoading.Type,
                    scheduler: (any ThreadScheduler)?, display: @escaping () -> LiveDisplay) {
            self.source = source
            self.tracking = tracking
            self.isTransient = isTransient
            self.output = output
            self.sampleRate = sampleRate
            self.backingFiles = backingFiles
            self.scheduler = scheduler
            self.display = display
        }
    }

    public let description: Description
    public let ports: Ports
    /// Called with a failure the run reports and goes on past (a take or loop that could not be saved).
    public var problem: (any Error) -> Void = { _ in }
    /// Saves a calibration finished during the run.
    public var saveCalibration: (Calibration) -> Void = { _ in }

    public init(_ description: Description, ports: Ports) {
        self.description = description
        self.ports = ports
    }

    /// Runs to the end and settles it.
    /// - Returns: how the session ended (`.calibrated` carries the calibration, already saved).
    /// - Throws: a set-up error (backing track, loop file, take, followers), the source's failure, a session error,
    ///   or `CalibrationIncomplete`.
    public func run() throws -> LiveSession.Ending {
        let source = description.paceByFrameTime ? PacedFrameSource(ports.source) : ports.source
        let setup = try RenderSetup(sound: description.sound, calibration: description.calibration,
                                    sampleRate: ports.output?.sampleRate ?? ports.sampleRate, files: ports.backingFiles)
        let mix = setup.liveMix(clock: ports.clock, looper: ports.output != nil && !description.calibrateOnly,
                                cuesMuted: description.cuesMuted(),
                                countIn: ports.output == nil || description.calibrateOnly ? nil : description.playAlong)
        followRateChanges(of: mix)
        let loopFile = try description.loopOut.map { try $0(setup.sampleRate) }
        let take = try description.take.map {
            try TakeRecording(asked: $0.asked, metadata: $0.metadata(source), hands: $0.hands,
                              journal: description.journal)
        }
        if let take {
            ports.tookName(take.path)
            if let notice = take.renameNotice { description.options.report(notice) }
        }
        do {
            let ending = try play(source: source, setup: setup, mix: mix, take: take)
            // The output has stopped: the layers are no longer the audio thread's.
            if let loopFile, let looper = mix.looper { save(looper, to: loopFile, sampleRate: setup.sampleRate) }
            return ending
        } catch {
            take?.abandon()
            throw error
        }
    }

    /// An output whose rate can change under the mix (JACK) gets the way to make the mix again for a new rate: a new
    /// set-up at that rate (the backing track decoded again) continuing `mix`. Nil, and silence, when the backing
    /// track cannot be read again.
    private func followRateChanges(of mix: LiveMix) {
        guard let output = ports.output as? RateFollowingOutput else { return }
        let (description, ports) = (description, ports)
        let countIn = description.calibrateOnly ? nil : description.playAlong
        output.remakeMix = { rate, played in
            let setup = try? RenderSetup(sound: description.sound, calibration: description.calibration,
                                         sampleRate: rate, files: ports.backingFiles)
            return setup?.liveMix(continuing: mix, playedSeconds: played, countIn: countIn)
        }
    }

    private func play(source: FrameSource, setup: RenderSetup, mix: LiveMix, take: TakeRecording?) throws
        -> LiveSession.Ending {
        let inputs = try ports.actions()
        let followers: LiveFollowers
        do {
            followers = try ports.followers()
        } catch {
            for input in inputs { input.close() }
            throw error
        }
        let loop = TrackingLoop(source: source, tracker: followers.tracking(ports.tracking),
                                isTransient: ports.isTransient, mapper: setup.mapper, renderer: mix.renderer,
                                recorder: take?.writer,
                                configuration: TrackingLoop.Configuration(startCalibrating: description.calibrateOnly,
                                                                          keepsFrameRate: description.keepsFrameRate,
                                                                          playerLock: description.playerLock),
                                cues: mix.mixer.cues, scheduler: ports.scheduler, clock: ports.clock)
        loop.onControl = followers.onControl
        loop.presets = setup.sound.presetMappers(calibratedBy: description.calibration)
        let played = PlayAlongRecording()
        loop.onFrame = description.playAlong == nil ? followers.onFrame : { control, hands in
            played.add(control, hands)
            followers.onFrame?(control, hands)
        }
        var options = description.options
        options.actionInputs = inputs
        options.stopAfterCalibration = description.calibrateOnly
        let tracking = ports.tracking  // the tracker itself: what follows the performance may wrap it
        options.networkUse = { tracking.networkUse }
        if !description.calibrateOnly, ports.output != nil { options.playAlong = description.playAlong }
        let session = LiveSession(loop: loop, renderer: mix.renderer, mixer: mix.mixer, output: ports.output,
                                  display: ports.display(), sound: description.sound, options: options)
        ports.willRun()
        let ending: LiveSession.Ending
        do {
            ending = try session.run()
        } catch {
            // Keep what was recorded before the failure: the trace is complete up to its last line.
            followers.finish()
            take?.keepAfterFailure()
            throw error
        }
        followers.finish()
        followers.report()
        let playAlong = options.playAlong.flatMap { score in
            session.firstBeat.map {
                PlayAlongScore(score: score, pitch: played.pitch(voice: description.sound.voice,
                                                                 sampleRate: Double(setup.sampleRate)), start: $0)
            }
        }
        if let take, let firstBeat = session.firstBeat, let origin = played.clockOrigin {
            try? take.writer.note(PlayAlongTake.startKey, String(format: "%.6f", firstBeat - origin))
        }
        if let take {
            do {
                try take.finish()
                options.report("recorded \(take.path)")
            } catch {
                problem(error)
            }
        }
        if let playAlong { ports.scored(playAlong) }
        for box in loop.finishedCalibrations.withLock({ $0 }) where !description.calibrateOnly {
            saveCalibration(box)
        }
        if let failure = loop.failure { throw failure }
        switch ending {
        case .calibrated(let box):
            saveCalibration(box)
        case .calibrationFailed(let reason):
            throw CalibrationIncomplete("calibration failed: \(reason)")
        case .endOfInput where description.calibrateOnly:
            throw CalibrationIncomplete("calibration incomplete: the input ended before all four positions were read")
        default:
            break
        }
        return ending
    }

    /// Writes one pass of the loop (its layers mixed, the seam crossfaded) whole; with no loop closed, nothing is
    /// written and the player is told. A failure is reported (`problem`).
    private func save(_ looper: Looper, to file: LoopDestination, sampleRate: Int) {
        let (pass, right, layers) = looper.kernel.mixdown()
        guard !pass.isEmpty else {
            file.discard()
            description.options.report("no loop was closed (press l to record, l again to close): "
                                       + "\(file.path) not written")
            return
        }
        var interleaved = [Float](repeating: 0, count: 2 * pass.count)
        for i in 0..<pass.count {
            interleaved[2 * i] = pass[i]
            interleaved[2 * i + 1] = right[i]
        }
        do {
            try file.write(interleaved)
        } catch {
            problem(error)
            return
        }
        let seconds = Double(pass.count) / Double(sampleRate)
        description.options.report(String(format: "saved the loop %@: %.2f s, %d layer%@", file.path, seconds, layers,
                                          layers == 1 ? "" : "s"))
    }
}
