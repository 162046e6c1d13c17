import Foundation
import ThereminAudio
import ThereminCore
import ThereminSession
import ThereminTracking

/// Sets up and runs a live session from any frame source: the sound device, the renderer, the recorder, the
/// display; then reports how it ended and saves what needs saving (the trace, a new calibration).
struct LivePlay {
    let settings: Settings

    /// Where a calibration made during the run is saved.
    var calibrationKey: (camera: String, card: String)?
    /// Stop after the first calibration (`--calibrate`); the tone stays silent, only cues sound.
    var calibrateOnly = false
    /// Open the sound device (false for calibrating from a file: nobody is listening).
    var withSound = true

    init(settings: Settings, calibrationKey: (camera: String, card: String)? = nil, calibrateOnly: Bool = false,
         withSound: Bool = true) {
        self.settings = settings
        self.calibrationKey = calibrationKey
        self.calibrateOnly = calibrateOnly
        self.withSound = withSound
    }

    func run(source: FrameSource, tracker: HandTracker, calibration: Calibration, paceByFrameTime: Bool,
             isTransient: @escaping (Error) -> Bool) throws -> Outcome {
        try run(source: source, tracking: tracker, calibration: calibration, paceByFrameTime: paceByFrameTime,
                isTransient: isTransient)
    }

    /// Runs with any hand tracking: the tracker, or a generated hand (the demo).
    func run(source: FrameSource, tracking: any HandTracking, calibration: Calibration,
             paceByFrameTime: Bool, isTransient: @escaping (Error) -> Bool) throws -> Outcome {
        // A file played live is paced like a camera: frames at their own times, late ones skipped.
        let source = paceByFrameTime ? PacedFrameSource(source) : source
        let output: AudioOutput? = withSound ? try AudioOutput(request: settings.playbackRequest) : nil
        let rate = Double(output?.format.sampleRate ?? settings.sampleRate)
        if let output, settings.verbose { Output.err("audio: \(output.pcm.device): \(output.format)\n") }
        let sound = settings.sound
        let renderer = LiveRenderer(engine: sound.makeEngine(sampleRate: rate))
        // The live mix: the theremin, the phrase looper (its layers allocated now, before playing), the backing
        // track, and the cues (start/stop, calibration) with the remembered mute state.
        let looper = withSound && !calibrateOnly ? Looper(sampleRate: rate) : nil
        let mixer = StereoMixer(source: renderer, backing: try sound.loadBacking(sampleRate: Int(rate), from: BackingTrackLoader.self),
                                cues: CuePlayer(sampleRate: rate, muted: MusicSetup.cuesMuted(settings)), looper: looper)
        // Opened now (a temporary name beside it), so a folder it cannot be written to stops the run before playing.
        let loopFile = try settings.loopOut.map { try SoundFileWriter(path: $0, sampleRate: Int(rate), channels: 2) }
        // A live take is written under its name row by row (a crash keeps every row up to it), never over an
        // existing file: a taken name gives the next free one, said here.
        let recorder = try settings.record.map {
            try TraceWriter(path: $0, metadata: TraceMetadataBuilder.make(settings, source: source,
                                                                          tracker: settings.tracker.rawValue,
                                                                          calibration: calibration),
                            hands: settings.music.handCount, mode: .liveTake)
        }
        if let recorder, let asked = settings.record {
            RecordedTake.note(recorder.path)
            LeftoverReport.journal().begin(take: recorder.path)
            if recorder.renamed(from: asked) { Output.err("recording to \(recorder.path) (\(asked) exists)\n") }
        }
        do {
            let outcome = try run(source: source, tracking: tracking, calibration: calibration, output: output,
                                  renderer: renderer, mixer: mixer, recorder: recorder, isTransient: isTransient)
            // The output has stopped: the layers are no longer the audio thread's.
            if let loopFile, let looper {
                let saved = save(looper, into: loopFile)
                return saved == .succeeded ? outcome : saved
            }
            return outcome
        } catch {
            // Nothing played yet: a take with only its header is not worth keeping.
            if let recorder, recorder.rows == 0 { recorder.discard() }
            if recorder != nil { LeftoverReport.journal().end() }
            throw error
        }
    }

    private func run(source: FrameSource, tracking: any HandTracking, calibration: Calibration,
                     output: AudioOutput?,
                     renderer: LiveRenderer, mixer: StereoMixer, recorder: TraceWriter?,
                     isTransient: @escaping (Error) -> Bool) throws -> Outcome {
        let sound = settings.sound
        let mapper = sound.mapper(calibratedBy: calibration)
        let configuration = TrackingLoop.Configuration(startCalibrating: calibrateOnly)
        let midi = try settings.music.midiOut.map {
            try LiveMIDI(port: $0, settings: settings.music.midi, handMode: settings.music.handMode)
        }
        let tracker = midi.map { HandTrackingFunction($0.observing { try tracking.hands(in: $0) }) } ?? tracking
        let loop = TrackingLoop(source: source, tracker: tracker, isTransient: isTransient, mapper: mapper,
                                renderer: renderer, recorder: recorder, configuration: configuration, cues: mixer.cues,
                                scheduler: RealtimeThreads())
        if let midi { loop.onControl = { midi.send($0) } }
        let osc = OSCOut.open(settings)
        if let osc { loop.onFrame = { osc.send(OSCAddressSpace.livePacket(control: $0, hands: $1)) } }
        var options = LiveSession.Options()
        options.printStats = settings.stats
        options.verbose = settings.verbose
        options.stopAfterCalibration = calibrateOnly
        options.scale = settings.music.correction.scale
        options.root = settings.music.correction.root
        options.octave = settings.music.octave
        options.startMuted = UserConfig.load(path: UserConfig.path()).config.muted
        options.report = { Output.err($0 + "\n") }
        options.stopRequest = { SignalWatch.received }
        options.rememberMute = UserConfig.rememberMute
        let display = DisplayFactory.make(settings)
        let session = LiveSession(loop: loop, renderer: renderer, mixer: mixer, output: output, display: display,
                                  sound: sound, options: options)
        SignalWatch.install()
        let ending: LiveSession.Ending
        do {
            ending = try session.run()
        } catch {
            // Keep what was recorded before the failure: the trace is complete up to its last line.
            midi?.finish()
            OSCOut.finish(osc, settings: settings)
            try? recorder?.finish()
            if recorder != nil { LeftoverReport.journal().end() }
            throw error
        }
        midi?.finish()
        OSCOut.finish(osc, settings: settings)
        if let problem = midi?.takeFailure() { Output.err("theremin: \(problem)\n") }
        if settings.stats, let midi { Output.err(midi.statsLine() + "\n") }

        var outcome = Outcome.succeeded
        if let recorder {
            do {
                try recorder.finish()
                Output.err("recorded \(recorder.path)\n")
            } catch {
                outcome = ErrorReport.report(error)
            }
            LeftoverReport.journal().end()
        }
        for box in loop.finishedCalibrations.withLock({ $0 }) where !calibrateOnly {
            save(box)
        }
        if let failure = loop.failure {
            throw failure
        }
        switch ending {
        case .calibrated(let box):
            save(box)
            Output.out("calibrated: \(TerminalDisplay.describe(box, antenna: settings.mapping.antennaSide))\n")
        case .calibrationFailed(let reason):
            throw UsageError("calibration failed: \(reason)")
        case .endOfInput where calibrateOnly:
            throw UsageError("calibration incomplete: the input ended before all four positions were read")
        default:
            break
        }
        return outcome
    }

    /// Writes one pass of the loop (its layers mixed, the seam crossfaded) whole, then renames it into place; with
    /// no loop closed, nothing is written and the player is told. A failure is reported and its outcome returned.
    private func save(_ looper: Looper, into file: SoundFileWriter) -> Outcome {
        let (pass, layers) = looper.kernel.mixdown()
        guard !pass.isEmpty else {
            file.discard()
            Output.err("no loop was closed (press l to record, l again to close): \(file.path) not written\n")
            return .succeeded
        }
        var interleaved = [Float](repeating: 0, count: 2 * pass.count)
        for (i, sample) in pass.enumerated() {
            interleaved[2 * i] = sample
            interleaved[2 * i + 1] = sample
        }
        do {
            try interleaved.withUnsafeBufferPointer { try file.write($0) }
            try file.finish()
        } catch {
            return ErrorReport.report(error)
        }
        let seconds = Double(pass.count) / Double(file.sampleRate)
        Output.err(String(format: "saved the loop %@: %.2f s, %d layer%@\n", file.path, seconds, layers,
                          layers == 1 ? "" : "s"))
        return .succeeded
    }

    private func save(_ box: Calibration) {
        guard let key = calibrationKey else { return }
        do {
            let url = try CalibrationStore.standard().save(box, camera: key.camera, card: key.card)
            Output.err("saved calibration \(url.path)\n")
        } catch {
            Output.err("theremin: could not save the calibration: \(error)\n")
        }
    }
}
