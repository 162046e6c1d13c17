import Foundation
import Synchronization
import ThereminCore

/// The tracking thread: takes the newest frame, finds the hand, maps it to a control for the audio thread, records
/// it, and publishes a snapshot for the display. It never queues frames: a slow tracker means dropped frames, not
/// late sound. Any `FrameSource` feeds it (a camera, a `PacedFrameSource` over a file, a test's scripted frames), and
/// the tracker, the clock and the thread's scheduling are ports too, so it runs without a camera, a model or a
/// command line.
public final class TrackingLoop: @unchecked Sendable {
    public struct Configuration: Sendable {
        /// Start with the guided calibration (`--calibrate`).
        public var startCalibrating = false
        /// The player gave the camera's rate (`--fps`): the rate policy measures, says, and keeps it.
        public var keepsFrameRate = false
        /// Only the player's hands play; nil: any hand plays.
        public var playerLock: PlayerLock.Settings?

        public init(startCalibrating: Bool = false, keepsFrameRate: Bool = false,
                    playerLock: PlayerLock.Settings? = nil) {
            self.startCalibrating = startCalibrating
            self.keepsFrameRate = keepsFrameRate
            self.playerLock = playerLock
        }
    }

    /// Whether a source error is temporary (camera unplugged or stalled: keep calling) rather than fatal.
    public typealias TransientCheck = (Error) -> Bool

    private let source: FrameSource
    private let tracker: any HandTracking
    private let scheduler: (any ThreadScheduler)?
    /// The clock the tracking times are read on (the one frames are stamped with).
    public let clock: any TimeSource
    private let isTransient: TransientCheck
    private let renderer: LiveRenderer?
    private let recorder: TraceWriter?
    private let cues: CuePlayer?
    /// Called with every control sent to the audio thread (MIDI out follows the performance this way).
    public var onControl: ((Control) -> Void)?
    /// Called with the same control and the hands it came from (OSC out sends both).
    public var onFrame: ((Control, HandsFrame) -> Void)?
    private var step: LiveStep
    private var frameRate = FrameRateMeter()
    private let keepsFrameRate: Bool
    /// Chooses the rate this machine can keep (a camera's: a source that offers rates); made at the first frame.
    private var policy: RatePolicy?
    private var budget = DutyBudget()
    /// The newest frame was skipped as stale: the next is tracked whatever its age.
    private var skippedStale = false
    private let staleFrames = Atomic<Int>(0)
    /// The rate in force and why, once the first seconds are judged (`-v`, `--stats`).
    public let rateChoice = Mutex<RateChoice?>(nil)

    /// What the display shows, replaced after every frame.
    public let snapshot: Mutex<LiveSnapshot>
    private let stopFlag = Atomic<Bool>(false)
    private let pausedFlag = Atomic<Bool>(false)
    private let recalibrateFlag = Atomic<Bool>(false)
    /// The player's actions waiting for the next frame (from the main thread).
    private let pendingActions = Mutex<[PlayerAction]>([])
    private let lastFrameTime = Atomic<UInt64>(0)
    private let endedFlag = Atomic<Bool>(false)
    /// What the tracking thread's real-time request got: nil until it asked.
    private let realtimeState = Mutex<ThreadScheduling?>(nil)
    private let done = DispatchSemaphore(value: 0)
    /// The source's failure that ended the loop, if one did (read after `hasEnded`).
    public private(set) var failure: Error?
    /// Calibrations finished during the run, in order (the caller saves them).
    public let finishedCalibrations = Mutex<[Calibration]>([])
    /// How the last guided calibration ended (done or failed), kept until read: the snapshot shows a phase for one
    /// frame only, which the main loop may not see.
    public let calibrationOutcome = Mutex<GuidedCalibration.Phase?>(nil)

    /// - Parameters:
    ///   - source: where frames come from; closed by `stop()`.
    ///   - tracker: finds the hands in a frame; an error counts the frame as handless and is reported once
    ///     (`LiveSnapshot.trackerProblem`).
    ///   - isTransient: which source errors mean "keep calling" (camera unplugged) rather than the end.
    ///   - mapper: smoothing and mapping with the session's calibration.
    ///   - renderer: where controls go (nil: track and record without sound).
    ///   - recorder: the trace being recorded, if any.
    ///   - cues: plays the calibration cues.
    ///   - scheduler: names the thread and asks for real-time priority (nil: normal priority, as in tests).
    ///   - clock: the clock frames are stamped with.
    public init(source: FrameSource, tracker: any HandTracking, isTransient: @escaping TransientCheck,
                mapper: ControlMapper, renderer: LiveRenderer?, recorder: TraceWriter?,
                configuration: Configuration = Configuration(), cues: CuePlayer? = nil,
                scheduler: (any ThreadScheduler)? = nil, clock: any TimeSource = SystemTimeSource()) {
        self.cues = cues
        self.source = source
        self.tracker = tracker
        self.scheduler = scheduler
        self.clock = clock
        self.isTransient = isTransient
        self.renderer = renderer
        self.recorder = recorder
        step = LiveStep(mapper: mapper, calibrating: configuration.startCalibrating,
                        playerLock: configuration.playerLock)
        if let search = step.lock?.initialSearch { tracker.search(search) }
        keepsFrameRate = configuration.keepsFrameRate
        var initial = LiveSnapshot()
        initial.calibration = mapper.calibration
        initial.calibrationStatus = step.calibration?.status
        snapshot = Mutex(initial)
    }

    /// Frames dropped because tracking was busy: by the camera (newest frame wins) or, for a file played live, by
    /// skipping frames whose time has already passed (`PacedFrameSource`).
    /// Frames that arrived damaged (counted among the dropped).
    public var damagedFrameCount: Int { source.damagedFrames }
    /// Frames skipped because they had waited longer than two frame intervals (counted among the dropped).
    public var staleFrameCount: Int { staleFrames.load(ordering: .relaxed) }
    /// Frames skipped as stale count too: the tracker took the next one rather than queueing behind them.
    public var droppedFrames: Int {
        source.droppedFrames - droppedWhileStarting + staleFrames.load(ordering: .relaxed)
    }
    /// Frames the source dropped before the first one was tracked: sent while the program was starting (the camera
    /// streams from the moment it is opened, while the models and the sound device are still being set up).
    public var droppedWhileStarting: Int { max(0, droppedBeforeFirstFrame.load(ordering: .relaxed)) }
    private let droppedBeforeFirstFrame = Atomic<Int>(-1)

    /// True once the source has ended (end of a file) or failed.
    public var hasEnded: Bool { endedFlag.load(ordering: .acquiring) }
    /// Monotonic time of the newest frame, 0 before the first.
    public var newestFrameTime: Double { Double(bitPattern: lastFrameTime.load(ordering: .relaxed)) }

    /// What the tracking thread got when it asked for real-time scheduling; nil until it has asked (`-v` says it).
    public var scheduling: ThreadScheduling? { realtimeState.withLock { $0 } }
    /// What the source's capture thread got (a camera's; nil for files and tests).
    public var captureScheduling: ThreadScheduling? { source.captureScheduling }

    /// Starts the tracking thread.
    public func start() {
        let thread = Thread { [self] in
            // Under the audio thread, above everything else (`ThreadScheduler`); the audio thread's notice says when
            // that fails.
            if let scheduling = self.scheduler?.prepareTrackingThread() {
                self.realtimeState.withLock { $0 = scheduling }
            }
            self.run()
            self.endedFlag.store(true, ordering: .releasing)
            self.done.signal()
        }
        thread.name = "theremin-tracking"
        thread.start()
    }

    /// Asks the loop to stop and waits for it (the source is closed to unblock a waiting read).
    public func stop() {
        stopFlag.store(true, ordering: .relaxed)
        source.close()
        done.wait()
        done.signal()
    }

    /// Silences the instrument while tracking goes on (the Space key).
    public func setPaused(_ paused: Bool) { pausedFlag.store(paused, ordering: .relaxed) }
    public var isPaused: Bool { pausedFlag.load(ordering: .relaxed) }
    /// Starts a new guided calibration with the next frame (the `c` key).
    public func requestCalibration() { recalibrateFlag.store(true, ordering: .relaxed) }

    /// The presets `.preset(N)` switches to: their names (written into the take) and their mappers. Set before
    /// `start`.
    public var presets: [(name: String, mapper: ControlMapper)] = []

    /// Hands a player's action to the next frame: written into the take before its row (what a replay does again),
    /// and its control side done from that frame on. Safe from any thread.
    public func enqueue(_ action: PlayerAction) { pendingActions.withLock { $0.append(action) } }

    /// The actions since the last frame: into the take, then into the step.
    private func takeActions() {
        let actions = pendingActions.withLock { queued -> [PlayerAction] in
            defer { queued.removeAll(keepingCapacity: true) }
            return queued
        }
        for action in actions {
            // A preset is written by name: a replay finds it in the presets folder, whatever list it came from.
            if case .preset(let number) = action {
                guard presets.indices.contains(number - 1) else { continue }
                if let recorder, recorder.error == nil { try? recorder.note(TraceFormat.soundKey, presets[number - 1].name) }
                step.takeSound(of: presets[number - 1].mapper)
                continue
            }
            if let recorder, recorder.error == nil { try? recorder.note(TraceFormat.actionKey, action.text) }
            step.perform(action)
        }
    }

    private func run() {
        while !stopFlag.load(ordering: .relaxed) {
            let waitStart = clock.now()
            let frame: Frame?
            do {
                frame = try source.nextFrame()
            } catch {
                if isTransient(error) && !stopFlag.load(ordering: .relaxed) {
                    renderer?.setSourceStalled(true)
                    snapshot.withLock { $0.sourceProblem = "\(error)" }
                    continue
                }
                if !stopFlag.load(ordering: .relaxed) { failure = error }
                return
            }
            guard let frame else { return }
            let busyStart = clock.now()
            if isStale(frame, at: busyStart) { continue }
            process(frame)
            // A tracker that cannot keep up always finds the next frame waiting and never blocks: it would run flat
            // out, and beside other real-time work the kernel's throttling would stall the audio thread with it
            // (under RealtimeKit, `RLIMIT_RTTIME` would kill the program). It rests on a budget instead, and at
            // least 20 µs a frame, a blocking call that restarts that count.
            let rest = budget.rest(busy: clock.now() - busyStart, idle: busyStart - waitStart)
            MonotonicClock.sleep(min(max(rest, 20e-6), 0.1))
        }
    }

    /// Whether `frame` waited longer than two intervals between tracked frames before the tracker was free (the
    /// source held it back: a camera's late burst): the next one is due sooner than this one would be tracked behind
    /// it, so it is skipped (and counted as dropped), never two in a row. The newest frame normally waits less than
    /// one interval, since the source keeps only the newest. Ages of a second or more are another clock's (the
    /// demo's), not lateness. Only a camera's (a source that offers rates): a file played live skips its late frames
    /// itself (`PacedFrameSource`).
    private func isStale(_ frame: Frame, at now: Double) -> Bool {
        guard let rate = policy?.current, !skippedStale else {
            skippedStale = false
            return false
        }
        let waited = now - frame.captureTime - frame.preparation
        guard waited > 2 * rate.interval && waited < 1 else { return false }
        skippedStale = true
        staleFrames.add(1, ordering: .relaxed)
        return true
    }

    /// Feeds the rate policy what this frame cost, and applies the rate it chooses. Only frames that followed a hand
    /// count: a search for a hand costs more, and nobody hears it.
    private func pace(_ frame: Frame, hands: HandsFrame, trackingTime: Double, at now: Double) {
        if policy == nil, let rate = source.nominalFrameRate, !source.offeredRates.isEmpty {
            policy = RatePolicy(cameraRate: rate, offeredRates: source.offeredRates, fixed: keepsFrameRate)
            if let policy { tracker.setFrameBudget(Self.frameBudget(policy.current)) }
        }
        guard var policy, hands.primary.present, !hands.primary.acquired else { return }
        let judged = policy.hasJudged
        if let decision = policy.note(cost: frame.preparation + trackingTime, at: now) {
            let granted = source.apply(decision.rate)
            policy.adopt(granted)
            tracker.setFrameBudget(Self.frameBudget(policy.current))
            let reason = granted == decision.rate ? decision.reason : decision.reason + " (as \(granted))"
            rateChoice.withLock { $0 = RateChoice(rate: granted, reason: reason, decisions: ($0?.decisions ?? 0) + 1) }
        } else if !judged, policy.hasJudged, let reason = policy.keptReason {
            rateChoice.withLock {
                $0 = RateChoice(rate: policy.current, reason: reason, decisions: ($0?.decisions ?? 0) + 1)
            }
        }
        self.policy = policy
    }

    /// How long a frame may take before the tracker stops refining a landing: one and a half intervals. A frame
    /// that overruns its interval leaves the next waiting, tracked late but kept; one that overruns two loses it.
    static func frameBudget(_ rate: TrackingRate) -> Double { 1.5 * rate.interval }

    private func process(_ frame: Frame) {
        // Cameras stamp frames with the monotonic clock, and so does PacedFrameSource for a file played live.
        let capturedAt = frame.captureTime
        if lastFrameTime.load(ordering: .relaxed) == 0 {
            droppedBeforeFirstFrame.store(source.droppedFrames, ordering: .relaxed)
        }
        lastFrameTime.store(capturedAt.bitPattern, ordering: .relaxed)

        let trackStart = clock.now()
        var hands: HandsFrame
        var trackerProblem: String?
        do {
            hands = try tracker.hands(in: frame)
        } catch {
            hands = HandsFrame(.absent(at: frame.captureTime))
            trackerProblem = "\(error)"
        }
        let trackedAt = clock.now()
        pace(frame, hands: hands, trackingTime: trackedAt - trackStart, at: trackedAt)
        if recalibrateFlag.exchange(false, ordering: .relaxed) { step.recalibrate() }
        takeActions()
        let result = step.step(hands, capturedAt: capturedAt, trackedAt: trackedAt, paused: isPaused)
        if let search = result.search { tracker.search(search) }
        hands = result.hands
        renderer?.controls.push(result.control)
        if result.readPoint { cues?.play(.calibrationPoint) }
        if let ended = result.calibrationEnded {
            if case .done(let box) = ended {
                cues?.play(.calibrationDone)
                finishedCalibrations.withLock { $0.append(box) }
            }
            calibrationOutcome.withLock { $0 = ended }
        }
        // Only now that this frame's control is queued: cleared before tracking, the note held before a stall would
        // sound again for as long as the first frame after it takes to track, whether or not it holds the hand.
        renderer?.setSourceStalled(false)
        let control = result.isPlayed ? result.control : nil
        if let control {
            onControl?(control)
            onFrame?(control, hands)
        }
        let recordingProblem = record(hands, capturedAt: capturedAt)
        publish(frame, result, control: control, trackerProblem: trackerProblem, recordingProblem: recordingProblem,
                times: (trackStart, trackedAt))
    }

    /// Writes the frame's row into the take; returns what went wrong, once (the take stops there).
    private func record(_ hands: HandsFrame, capturedAt: Double) -> String? {
        guard let recorder, recorder.error == nil else { return nil }
        do {
            if recorder.rows == 0 { try recorder.noteClockOrigin(capturedAt - hands.t) }
            try recorder.write(hands)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Replaces the display's snapshot with this frame's.
    private func publish(_ frame: Frame, _ result: LiveStep.Result, control: Control?, trackerProblem: String?,
                         recordingProblem: String?, times: (trackStart: Double, trackedAt: Double)) {
        let fps = frameRate.note(times.trackedAt)
        let trackingTime = times.trackedAt - times.trackStart
        let waitTime = times.trackedAt - frame.captureTime
        let hands = result.hands
        let box = step.mapper.calibration
        let calibrating = step.calibration != nil
        snapshot.withLock { state in
            state.frame = frame
            state.sample = hands.primary
            state.hands = hands
            state.ignoredHands = result.ignored
            state.control = control
            state.calibration = box
            state.calibrationStatus = result.calibrationStatus ?? (calibrating ? state.calibrationStatus : nil)
            state.trackedFrames += 1
            state.trackerFPS = fps
            state.sourceProblem = nil
            if let recordingProblem, state.recordingProblem == nil { state.recordingProblem = recordingProblem }
            if let trackerProblem, state.trackerProblem == nil { state.trackerProblem = trackerProblem }
            state.stageTimes.append((trackingTime, waitTime))
        }
    }
}
