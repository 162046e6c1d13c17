import Foundation
import ThereminAudio
import ThereminCore
import ThereminSession

/// Runs the instrument live: the tracking thread, the audio thread and, on the main thread, the display, keys,
/// signals, the stall watchdog and the latency statistics. Every way of stopping (q, Esc, Ctrl-C, SIGTERM, SIGHUP,
/// end of input) takes the same path: fade out, stop the source, finish the files, close the device.
final class LiveSession {
    struct Options {
        /// Seconds without a frame before the sound fades out (camera stalled).
        var stallTimeout = 0.3
        /// Print the statistics report on exit.
        var printStats = false
        /// Print the statistics once a second.
        var verbose = false
        /// Stop once the first calibration is finished (`--calibrate`).
        var stopAfterCalibration = false
        /// The scale whose notes the preview draws (every semitone when chromatic), its root and the octave shift.
        var scale = Scale.chromatic
        var root = 0
        var octave = 0
    }

    /// How the session ended.
    enum Ending: Equatable {
        case quit
        case signal(Int32)
        case endOfInput
        case calibrated(Calibration)
        case calibrationFailed(String)
    }

    private let loop: TrackingLoop
    private let renderer: LiveRenderer
    private let mixer: StereoMixer
    private let output: AudioOutput?
    private let display: LiveDisplay
    private let settings: Settings
    private let options: Options
    private(set) var stats = LatencyStats()
    private var status = LiveStatus()
    private var reportedRecordingProblem = false
    private var reportedTrackerProblem = false

    init(loop: TrackingLoop, renderer: LiveRenderer, mixer: StereoMixer, output: AudioOutput?, display: LiveDisplay,
         settings: Settings, options: Options) {
        self.loop = loop
        self.renderer = renderer
        self.mixer = mixer
        self.output = output
        self.display = display
        self.settings = settings
        self.options = options
        status.waveform = settings.voice.waveform
        status.mapping = settings.mapping
        status.scale = options.scale
        status.root = options.root
        status.octave = options.octave
        status.calibrating = options.stopAfterCalibration
        let remembered = UserConfig.load(path: UserConfig.path()).config
        status.muted = remembered.muted && !options.stopAfterCalibration
        renderer.setMuted(status.muted)
    }

    /// Runs until the player stops, a signal arrives or the input ends; then shuts down cleanly.
    func run() throws -> Ending {
        SignalWatch.install()
        output?.start(mixer)
        if !options.stopAfterCalibration { mixer.cues?.play(.start) }
        if status.muted { Output.err("muted since the last run: press m to unmute\n") }
        loop.start()
        let start = MonotonicClock.now()
        var lastReport = start
        var ending = Ending.quit
        mainLoop: while true {
            if let signal = SignalWatch.received {
                ending = .signal(signal)
                break
            }
            if loop.hasEnded && !(options.stopAfterCalibration && loop.calibrationOutcome.withLock({ $0 }) != nil) {
                ending = .endOfInput
                break
            }
            let now = MonotonicClock.now()
            let newest = loop.newestFrameTime
            if newest > 0 && now - newest > options.stallTimeout { renderer.setSourceStalled(true) }
            collectLatencies()

            let snapshot = loop.snapshot.withLock { state -> LiveSnapshot in
                let copy = state
                state.stageTimes.removeAll(keepingCapacity: true)
                return copy
            }
            for times in snapshot.stageTimes {
                stats.add(.tracking, times.tracking)
                stats.add(.captureToTracked, times.captureToTracked)
            }
            stats.trackedFrames = snapshot.trackedFrames
            if let problem = snapshot.recordingProblem, !reportedRecordingProblem {
                reportedRecordingProblem = true
                Output.err("\ntheremin: \(problem); still playing\n")
            }
            if let problem = snapshot.trackerProblem, !reportedTrackerProblem {
                // Once: such frames count as handless, and silence should not pass for a hand out of view.
                reportedTrackerProblem = true
                Output.err("\ntheremin: \(problem); frames it fails on count as no hand\n")
            }
            status.level = renderer.currentLevel
            status.frequency = renderer.currentFrequency
            status.latency = stats.summary(.total)?.median
            status.calibrating = snapshot.calibrationStatus != nil
            if options.stopAfterCalibration, let outcome = loop.calibrationOutcome.withLock({ $0 }) {
                var final = snapshot
                final.calibrationStatus = GuidedCalibration.Status(target: .quietest, phase: outcome, readings: [:])
                _ = display.show(final, status: status)
                switch outcome {
                case .done(let box): ending = .calibrated(box)
                case .failed(let reason): ending = .calibrationFailed(reason)
                default: ending = .quit
                }
                break mainLoop
            }
            for key in display.show(snapshot, status: status) {
                switch key {
                case .quit:
                    ending = .quit
                    break mainLoop
                case .mute:
                    status.muted.toggle()
                    renderer.setMuted(status.muted)
                    rememberMute(status.muted)
                case .cycleWaveform:
                    status.waveform = status.waveform.next
                    renderer.setWaveform(status.waveform)
                case .pause:
                    status.paused.toggle()
                    loop.setPaused(status.paused)
                case .recalibrate:
                    loop.requestCalibration()
                }
            }
            if options.verbose && now - lastReport >= 1 {
                lastReport = now
                Output.err("\n" + report(duration: now - start) + "\n")
            }
            usleep(15_000)
        }
        shutdown(duration: MonotonicClock.now() - start)
        return ending
    }

    /// The statistics report (also printed by `--stats` on exit).
    func report(duration: Double) -> String {
        var copy = stats
        copy.duration = duration
        copy.droppedFrames = loop.droppedFrames
        copy.underruns = output?.underruns ?? 0
        return copy.report()
    }

    /// The mute key's state is remembered in config.json for the next run.
    private func rememberMute(_ muted: Bool) {
        let path = UserConfig.path()
        var (config, warning) = UserConfig.load(path: path)
        if let warning { status.message = warning }
        config.muted = muted
        do { try config.save(path: path) } catch { status.message = "could not remember the mute state: \(error)" }
    }

    private func collectLatencies() {
        while let record = renderer.latencies.pop() {
            guard record.sourceTime > 0 else { continue }
            if record.trackedTime > 0 { stats.add(.trackedToApplied, record.appliedTime - record.trackedTime) }
            stats.add(.appliedToAudible, record.audibleTime - record.appliedTime)
            stats.add(.total, record.audibleTime - record.sourceTime)
        }
    }

    private func shutdown(duration: Double) {
        // Fade first, so nothing is cut; then stop the camera, then close the files.
        if let output {
            var cue = 0.0
            if !options.stopAfterCalibration && mixer.cues != nil {
                mixer.cues?.play(.stop)
                cue = Cue.stop.duration
            }
            try? output.stop(afterFrames: settings.sound.fadeOutFrames(sampleRate: output.format.sampleRate,
                                                                       bufferFrames: output.format.bufferFrames,
                                                                       extra: cue))
        }
        loop.stop()
        collectLatencies()
        display.close()
        stats.duration = duration
        stats.droppedFrames = loop.droppedFrames
        stats.underruns = output?.underruns ?? 0
        if options.printStats { Output.err(report(duration: duration) + "\n") }
    }
}
