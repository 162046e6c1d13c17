import Foundation
import ThereminCore

/// Runs the instrument live: the tracking thread, the audio thread and, on the main thread, the display, keys,
/// stop requests, the stall watchdog and the latency statistics. Every way of stopping (q, Esc, a signal, end of
/// input) takes the same path: fade out, stop the source, finish the files, close the device. It knows nothing of
/// the command line: the front end passes the sound, the display, and what to do with messages and the mute key.
public final class LiveSession {
    public struct Options {
        /// Seconds without a frame before the sound fades out (camera stalled).
        public var stallTimeout = 0.3
        /// Report the statistics on exit.
        public var printStats = false
        /// Report the statistics once a second.
        public var verbose = false
        /// Stop once the first calibration is finished (`--calibrate`).
        public var stopAfterCalibration = false
        /// The scale whose notes the preview draws (every semitone when chromatic), its root and the octave shift.
        public var scale = Scale.chromatic
        public var root = 0
        public var octave = 0
        /// The instrument starts muted (the player muted it last time).
        public var startMuted = false
        /// Called on the main thread with each line for the player (problems, statistics), without a newline.
        public var report: (String) -> Void = { _ in }
        /// Asked on the main thread whether to stop, with the signal that asks (nil: go on).
        public var stopRequest: () -> Int32? = { nil }
        /// Called when the player presses the mute key, to remember the state; returns a problem to show, if any.
        public var rememberMute: (Bool) -> String? = { _ in nil }
        /// The score to play along with: its count-in starts with the sound (the backing's lead-in, in place of
        /// the start cue), the displays show it, and the run ends a second after its last note.
        public var playAlong: Score?
        /// The tracker's network runs so far, for the statistics' yardstick line (nil: no networks).
        public var networkUse: () -> NetworkUse? = { nil }
        /// Where the player's hands-free actions come from (`--midi-in`, `--osc-in`): polled with the keys, done
        /// the same way, closed at the end.
        public var actionInputs: [any ActionInput] = []
        /// The preset of the sound's list to start on (`--setlist`: its first), nil for the sound itself.
        public var startingPreset: Int?

        public init() {}
    }

    /// How the session ended.
    public enum Ending: Equatable {
        case quit
        case signal(Int32)
        case endOfInput
        case calibrated(Calibration)
        case calibrationFailed(String)
    }

    private let loop: TrackingLoop
    private let renderer: LiveRenderer
    private let mixer: StereoMixer
    private let output: (any SoundOutput)?
    private let display: LiveDisplay
    private let sound: SoundDescription
    private let options: Options
    public private(set) var stats = LatencyStats()
    /// The camera-to-speaker latency of the current minute, for `-v`'s line a minute: a long set's drift shows there,
    /// where the whole run's figures would hide it.
    private var minute = LatencyStats()
    private var minutesReported = 0
    private var status = LiveStatus()
    /// Counts the seconds without a hand, for the advice to come closer or calibrate.
    private var absentHand = AbsentHandNotice()
    /// Counts underruns, to tell the player once when the sound keeps breaking up.
    private var breakUp: BreakUpNotice?
    private var reportedRecordingProblem = false
    private var reportedTrackerProblem = false
    private var reportedScheduling = false
    private var reportedRateDecisions = 0
    /// The reasons hands were kept from playing that `-v` last said, so each change is said once.
    private var reportedIgnored: [PlayerLock.Reason] = []
    /// When the play-along's first beat is heard, on the loop's clock (the sound's start plus the count-in).
    public private(set) var firstBeat: Double?
    /// The preset of the list playing (nil: the sound the run started with), and whether the player was told there
    /// is no list.
    private var preset: Int?
    private var reportedNoPresets = false
    /// Frames tracked when the fingertip's trail last grew.
    private var trailFrames = 0

    /// - Parameters:
    ///   - loop: the tracking thread, not yet started.
    ///   - renderer: the theremin voice the loop feeds.
    ///   - mixer: what the output plays (the voice, backing track, cues).
    ///   - output: the sound device (ThereminAudio's `AudioOutput`, or a test's), or nil to play silently
    ///     (calibrating from a file).
    ///   - display: the preview or the terminal line.
    ///   - sound: the sound being played (for the display and the fade-out).
    public init(loop: TrackingLoop, renderer: LiveRenderer, mixer: StereoMixer, output: (any SoundOutput)?,
                display: LiveDisplay, sound: SoundDescription, options: Options) {
        self.loop = loop
        self.renderer = renderer
        self.mixer = mixer
        self.output = output
        self.display = display
        self.sound = sound
        self.options = options
        status.waveform = sound.voice.waveform
        status.mapping = sound.mapper.mapping
        status.scale = options.scale
        status.root = options.root
        status.octave = options.octave
        status.calibrating = options.stopAfterCalibration
        status.muted = options.startMuted && !options.stopAfterCalibration
        renderer.setMuted(status.muted)
        if let output {
            breakUp = BreakUpNotice(periodMilliseconds: 1_000 * Double(output.periodFrames) / Double(output.sampleRate),
                                    bufferFrames: output.bufferFrames,
                                    periods: output.bufferFrames / max(1, output.periodFrames))
        }
    }

    /// Runs until the player stops, a stop is requested or the input ends; then shuts down cleanly.
    public func run() throws -> Ending {
        if let score = options.playAlong, output != nil {
            // The lead-in's first click is the mix's first sample: the first beat falls a bar after the start.
            let beat = loop.clock.now() + score.countIn
            firstBeat = beat
            status.playAlong = PlayAlongGuide(score: score, firstBeat: beat)
        }
        if let first = options.startingPreset { switchPreset(to: first) }
        output?.start(mixer)
        if !options.stopAfterCalibration && firstBeat == nil { mixer.cues?.play(.start) }
        if status.muted {
            options.report("muted since the last run: press m to unmute")
            loop.enqueue(.mute)  // the take starts muted, and so does its replay
        }
        loop.start()
        let start = loop.clock.now()
        var lastReport = start
        var ending: Ending
        while true {
            if let stopped = stopRequested() {
                ending = stopped
                break
            }
            let now = loop.clock.now()
            let newest = loop.newestFrameTime
            if newest > 0 && now - newest > options.stallTimeout { renderer.setSourceStalled(true) }
            collectLatencies()
            let snapshot = collectTrackingStats()
            reportProblems(in: snapshot, at: now)
            updateStatus(from: snapshot, at: now)
            if let calibrated = calibrationEnding(showing: snapshot) {
                ending = calibrated
                break
            }
            if status.playAlongMoment?.finished == true {
                ending = .endOfInput
                break
            }
            if let quit = handle(display.show(snapshot, status: status)) {
                ending = quit
                break
            }
            takeActions()
            reportVerbosely(at: now, since: start, last: &lastReport)
            if options.verbose { reportIgnoredHands(in: snapshot) }
            MonotonicClock.sleep(0.015)
        }
        shutdown(duration: loop.clock.now() - start)
        return ending
    }

    /// A signal, or the input's end (unless a calibration-only run still has its outcome to show).
    private func stopRequested() -> Ending? {
        if let signal = options.stopRequest() { return .signal(signal) }
        if loop.hasEnded && !(options.stopAfterCalibration && loop.calibrationOutcome.withLock({ $0 }) != nil) {
            return .endOfInput
        }
        return nil
    }

    /// Says once each what went wrong with the take or the tracker, and when the sound keeps breaking up.
    private func reportProblems(in snapshot: LiveSnapshot, at now: Double) {
        if let problem = snapshot.recordingProblem, !reportedRecordingProblem {
            reportedRecordingProblem = true
            options.report("\ntheremin: \(problem); still playing")
        }
        if let output, let notice = breakUp?.update(underruns: output.underruns, at: now) {
            options.report("\ntheremin: \(notice); still playing")
        }
        if let problem = snapshot.trackerProblem, !reportedTrackerProblem {
            // Once: such frames count as handless, and silence should not pass for a hand out of view.
            reportedTrackerProblem = true
            options.report("\ntheremin: \(problem); frames it fails on count as no hand")
        }
    }

    /// What the display shows besides the frame: the sound, the latency, the loop, the notices.
    private func updateStatus(from snapshot: LiveSnapshot, at now: Double) {
        status.level = renderer.currentLevel
        status.frequency = renderer.currentFrequency
        status.latency = stats.summary(.total)?.median
        status.loop = mixer.looper?.status
        status.playAlongMoment = status.playAlong?.moment(at: now, frequency: status.level > 0.001 ? status.frequency : nil)
        // No hand during the count-in is the player waiting for the first beat, not a hand out of view.
        if status.playAlongMoment?.countIn != nil { status.handNotice = nil }
        if let moment = status.playAlongMoment, snapshot.trackedFrames != trailFrames {
            trailFrames = snapshot.trackedFrames
            let hand = snapshot.sample.flatMap { $0.present ? $0.y : nil }
            status.fingertipTrail.append(TrailPoint(elapsed: moment.elapsed, y: hand))
            status.fingertipTrail.removeAll { $0.elapsed < moment.elapsed - TrailPoint.kept }
        }
        status.calibrating = snapshot.calibrationStatus != nil
        // Not while calibrating: its own prompts say where the hand should be.
        status.handNotice = status.calibrating
            ? nil : absentHand.update(handPresent: snapshot.sample?.present == true, at: now)
    }

    /// For `--calibrate`: once the calibration has ended, its last screen and how the run ends.
    private func calibrationEnding(showing snapshot: LiveSnapshot) -> Ending? {
        guard options.stopAfterCalibration, let outcome = loop.calibrationOutcome.withLock({ $0 }) else { return nil }
        var final = snapshot
        final.calibrationStatus = GuidedCalibration.Status(target: .quietest, phase: outcome, readings: [:],
                                                           antenna: sound.mapper.mapping.antennaSide)
        _ = display.show(final, status: status)
        switch outcome {
        case .done(let box): return .calibrated(box)
        case .failed(let reason): return .calibrationFailed(reason)
        default: return .quit
        }
    }

    /// Acts on the keys pressed; `.quit` when one of them was q.
    private func handle(_ keys: [LiveKey]) -> Ending? {
        for key in keys {
            switch key {
            case .quit:
                return .quit
            case .mute: perform(.mute)
            case .cycleWaveform: perform(.nextWaveform)
            case .pause:
                status.paused.toggle()
                loop.setPaused(status.paused)
            case .recalibrate: perform(.recalibrate)
            case .loop: perform(.loop)
            case .undoLayer: perform(.undoLayer)
            case .clearLoop: perform(.clearLoop)
            case .takeBack: perform(.takeBack)
            }
        }
        return nil
    }

    /// The actions the inputs received since the last look, done in order; their problems said, one line each.
    private func takeActions() {
        guard !options.actionInputs.isEmpty else { return }
        var actions: [TimedAction] = []
        var problems: [String] = []
        for input in options.actionInputs { input.poll(into: &actions, problems: &problems) }
        for problem in problems { options.report("\ntheremin: \(problem)") }
        for received in actions.sorted(by: { $0.time < $1.time }) {
            perform(received.action)
            if options.verbose { options.report("\naction: \(received.action.text) (\(received.origin))") }
        }
    }

    /// Does one player action, from a key or an input, the one way: the sound's side here (mute and the waveform
    /// reach the audio thread at its next period), the looper's through its own switch, the rest at the next frame
    /// on the tracking thread, which writes every action into the take for a replay.
    private func perform(_ action: PlayerAction) {
        switch action {
        case .mute:
            status.muted.toggle()
            renderer.setMuted(status.muted)
            if let problem = options.rememberMute(status.muted) { status.message = problem }
        case .nextWaveform:
            status.waveform = status.waveform.next
            renderer.setWaveform(status.waveform)
        case .recalibrate:
            loop.requestCalibration()
        case .loop:
            mixer.looper?.press()
        case .undoLayer:
            mixer.looper?.undo()
        case .clearLoop:
            mixer.looper?.clear()
        case .octaveUp, .octaveDown:
            status.octave = min(max(status.octave + (action == .octaveUp ? 1 : -1), ControlMapper.octaves.lowerBound),
                                ControlMapper.octaves.upperBound)
        case .nextPreset, .previousPreset, .preset:
            choosePreset(action)
            return
        case .correction, .takeBack:
            break
        }
        loop.enqueue(action)
    }

    /// The next, previous or numbered preset of the list: within it (the set list does not wrap around), said in
    /// one line each time, since the player cannot see the screen from a foot switch.
    private func choosePreset(_ action: PlayerAction) {
        let count = sound.presets.count
        guard count > 0 else {
            if !reportedNoPresets {
                reportedNoPresets = true
                options.report("\ntheremin: no presets to switch to: give --setlist FILE, or save presets with --save-preset NAME")
            }
            return
        }
        let target: Int
        switch action {
        case .nextPreset: target = min((preset ?? -1) + 1, count - 1)
        case .previousPreset: target = max((preset ?? 0) - 1, 0)
        case .preset(let number):
            guard number <= count else {
                options.report("\ntheremin: there is no preset \(number): the list has \(count)")
                return
            }
            target = number - 1
        default: return
        }
        guard target != preset else {
            options.report("\npreset \(target + 1)/\(count): \(sound.presets[target].name) (\(target == 0 ? "the first" : "the last"))")
            return
        }
        switchPreset(to: target)
    }

    /// Plays preset `index` of the list: its sound from the next period (crossfaded by the renderer's switch), its
    /// waveform, and its mapping from the next frame (the tracking loop, which writes it into the take).
    private func switchPreset(to index: Int) {
        guard sound.presets.indices.contains(index) else { return }
        preset = index
        let chosen = sound.presets[index]
        status.waveform = chosen.sound.voice.waveform
        renderer.setWaveform(status.waveform)
        renderer.selectSound(index + 1)
        status.octave = chosen.sound.mapper.octave
        loop.enqueue(.preset(index + 1))
        options.report("\npreset \(index + 1)/\(sound.presets.count): \(chosen.name)")
    }

    /// With `-v`: what the threads got, once, and the statistics every second.
    private func reportVerbosely(at now: Double, since start: Double, last lastReport: inout Double) {
        guard options.verbose else { return }
        if !reportedScheduling, let tracking = loop.scheduling {
            reportedScheduling = true
            options.report("\n" + ThreadScheduling.summary(audio: output?.scheduling, tracking: tracking,
                                                                capture: loop.captureScheduling))
        }
        if let choice = loop.rateChoice.withLock({ $0 }), choice.decisions > reportedRateDecisions {
            reportedRateDecisions = choice.decisions
            options.report("\n" + choice.line)
        }
        if now - lastReport >= 1 {
            lastReport = now
            options.report("\n" + report(duration: now - start))
        }
        if now - start >= Double(minutesReported + 1) * 60 {
            minutesReported += 1
            options.report("\n" + Self.minuteLine(minutesReported, minute))
            minute = LatencyStats()
        }
    }

    /// With `-v`: one line each time a hand starts being kept from playing for a new reason.
    private func reportIgnoredHands(in snapshot: LiveSnapshot) {
        let reasons = snapshot.ignoredHands.map(\.reason)
        defer { reportedIgnored = reasons }
        for hand in snapshot.ignoredHands where !reportedIgnored.contains(hand.reason) {
            options.report("\n" + hand.line)
        }
    }

    /// `-v`'s line for minute `index` of the run: camera to speaker, median and 95th percentile.
    public static func minuteLine(_ index: Int, _ stats: LatencyStats) -> String {
        guard let total = stats.summary(.total) else { return "minute \(index): no sound measured" }
        return String(format: "minute %d: camera to speaker %.1f / %.1f ms median / p95 over %d frames", index,
                      total.median * 1000, total.p95 * 1000, stats.count(.total))
    }

    /// The statistics report (also printed by `--stats` on exit).
    public func report(duration: Double) -> String {
        var copy = stats
        copy.duration = duration
        copy.droppedFrames = loop.droppedFrames
        copy.droppedWhileStarting = loop.droppedWhileStarting
        copy.underruns = output?.underruns ?? 0
        copy.rateLine = loop.rateChoice.withLock { $0 }?.line
        copy.staleFrames = loop.staleFrameCount
        copy.damagedFrames = loop.damagedFrameCount
        copy.networkLine = options.networkUse()?.line(trackedFrames: copy.trackedFrames,
                                                      processCPUSeconds: ProcessCPU.seconds())
        return copy.report()
    }

    private func collectLatencies() {
        while let record = renderer.latencies.pop() {
            guard record.sourceTime > 0 else { continue }
            if record.trackedTime > 0 { stats.add(.trackedToApplied, record.appliedTime - record.trackedTime) }
            stats.add(.appliedToAudible, record.audibleTime - record.appliedTime)
            stats.add(.total, record.audibleTime - record.sourceTime)
            minute.add(.total, record.audibleTime - record.sourceTime)
        }
    }

    /// The newest snapshot, with the tracking times it gathered moved into the statistics.
    private func collectTrackingStats() -> LiveSnapshot {
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
        return snapshot
    }

    private func shutdown(duration: Double) {
        // Fade first, so nothing is cut; then stop the camera, then close the files.
        if let output {
            var cue = 0.0
            if !options.stopAfterCalibration && mixer.cues != nil {
                mixer.cues?.play(.stop)
                cue = Cue.stop.duration
            }
            try? output.stop(afterFrames: sound.fadeOutFrames(sampleRate: output.sampleRate,
                                                              bufferFrames: output.bufferFrames, extra: cue))
        }
        loop.stop()
        for input in options.actionInputs { input.close() }
        collectLatencies()
        _ = collectTrackingStats()  // the frames tracked since the last look (a short file may end before the first)
        display.close()
        stats.duration = duration
        stats.droppedFrames = loop.droppedFrames
        stats.droppedWhileStarting = loop.droppedWhileStarting
        stats.underruns = output?.underruns ?? 0
        if options.printStats { options.report(report(duration: duration)) }
    }
}
