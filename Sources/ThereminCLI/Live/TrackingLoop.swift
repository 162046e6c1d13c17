import Foundation
import Synchronization
import ThereminCore

/// The tracking thread: takes the newest frame, finds the hand, maps it to a control for the audio thread, records
/// it, and publishes a snapshot for the display. It never queues frames: a slow tracker means dropped frames, not
/// late sound.
final class TrackingLoop: @unchecked Sendable {
    struct Configuration {
        /// Pace frames by their timestamps (a file played "as if it were a camera").
        var paceByFrameTime = false
        /// Mirrored-view coordinates: true for cameras and files alike (selfie view).
        var startCalibrating = false
        /// Trace metadata written when recording.
        var recordMetadata = TraceMetadata()
    }

    /// What the tracker gives per frame: every hand it sees (one-hand play uses the first present one).
    typealias Tracker = (Frame) throws -> HandsFrame
    /// Whether a source error is temporary (camera unplugged or stalled: keep calling) rather than fatal.
    typealias TransientCheck = (Error) -> Bool

    private let source: FrameSource
    private let tracker: Tracker
    private let isTransient: TransientCheck
    private let renderer: LiveRenderer?
    private let recorder: TraceWriter?
    private let cues: CuePlayer?
    /// Called with every control sent to the audio thread (MIDI out follows the performance this way).
    var onControl: ((Control) -> Void)?
    private let configuration: Configuration
    private var mapper: ControlMapper
    private var calibration: GuidedCalibration?
    private var firstCaptureTime: Double?
    private var pacingStart: (wall: Double, frame: Double)?
    private var fpsWindow: [Double] = []

    let snapshot: Mutex<LiveSnapshot>
    private let stopFlag = Atomic<Bool>(false)
    private let pausedFlag = Atomic<Bool>(false)
    private let recalibrateFlag = Atomic<Bool>(false)
    private let lastFrameTime = Atomic<UInt64>(0)
    private let endedFlag = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)
    private(set) var failure: Error?
    /// Calibrations finished during the run, in order (the caller saves them).
    let finishedCalibrations = Mutex<[Calibration]>([])
    /// How the last guided calibration ended (done or failed), kept until read: the snapshot shows a phase for one
    /// frame only, which the main loop may not see.
    let calibrationOutcome = Mutex<GuidedCalibration.Phase?>(nil)

    init(source: FrameSource, tracker: @escaping Tracker, isTransient: @escaping TransientCheck,
         mapper: ControlMapper, renderer: LiveRenderer?, recorder: TraceWriter?, configuration: Configuration,
         cues: CuePlayer? = nil) {
        self.cues = cues
        self.source = source
        self.tracker = tracker
        self.isTransient = isTransient
        self.mapper = mapper
        self.renderer = renderer
        self.recorder = recorder
        self.configuration = configuration
        calibration = configuration.startCalibrating ? GuidedCalibration() : nil
        var initial = LiveSnapshot()
        initial.calibration = mapper.calibration
        initial.calibrationStatus = calibration?.status
        snapshot = Mutex(initial)
    }

    /// Frames dropped because tracking was busy: by the camera (newest frame wins) or, for a file played live, by
    /// skipping frames whose time has already passed.
    var droppedFrames: Int { source.droppedFrames + pacedDrops.load(ordering: .relaxed) }
    private let pacedDrops = Atomic<Int>(0)

    /// True once the source has ended (end of a file) or failed.
    var hasEnded: Bool { endedFlag.load(ordering: .acquiring) }
    /// Monotonic time of the newest frame, 0 before the first.
    var newestFrameTime: Double { Double(bitPattern: lastFrameTime.load(ordering: .relaxed)) }

    func start() {
        let thread = Thread { [self] in
            self.run()
            self.endedFlag.store(true, ordering: .releasing)
            self.done.signal()
        }
        thread.name = "theremin-tracking"
        thread.start()
    }

    /// Asks the loop to stop and waits for it (the source is closed to unblock a waiting read).
    func stop() {
        stopFlag.store(true, ordering: .relaxed)
        source.close()
        done.wait()
        done.signal()
    }

    func setPaused(_ paused: Bool) { pausedFlag.store(paused, ordering: .relaxed) }
    var isPaused: Bool { pausedFlag.load(ordering: .relaxed) }
    func requestCalibration() { recalibrateFlag.store(true, ordering: .relaxed) }

    private func run() {
        while !stopFlag.load(ordering: .relaxed) {
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
            process(frame)
        }
    }

    private func process(_ frame: Frame) {
        var capturedAt = frame.captureTime
        if configuration.paceByFrameTime {
            let now = MonotonicClock.now()
            let start = pacingStart ?? (now, frame.captureTime)
            pacingStart = start
            let due = start.wall + (frame.captureTime - start.frame)
            let interval = 1 / (source.nominalFrameRate ?? 30)
            if now - due > interval {
                // Behind: like a camera, skip to the newest frame instead of queueing latency.
                pacedDrops.add(1, ordering: .relaxed)
                return
            }
            if due > now { Thread.sleep(forTimeInterval: due - now) }
            capturedAt = MonotonicClock.now()
        }
        lastFrameTime.store(capturedAt.bitPattern, ordering: .relaxed)
        renderer?.setSourceStalled(false)

        let trackStart = MonotonicClock.now()
        var hands: HandsFrame
        do {
            hands = try tracker(frame)
        } catch {
            hands = HandsFrame(.absent(at: frame.captureTime))
        }
        let trackedAt = MonotonicClock.now()
        let first = firstCaptureTime ?? frame.captureTime
        firstCaptureTime = first
        hands.t = frame.captureTime - first
        for index in hands.hands.indices { hands.hands[index].t = hands.t }
        // The sample shown, recorded for one hand and used for calibration: the first hand seen.
        let sample = hands.hands.first(where: \.present) ?? .absent(at: hands.t)

        if recalibrateFlag.exchange(false, ordering: .relaxed) { calibration = GuidedCalibration() }
        var calibrationStatus: GuidedCalibration.Status?
        var control: Control?
        if var guided = calibration {
            let before = guided.status.readings.count
            let status = guided.feed(sample)
            calibration = guided
            calibrationStatus = status
            if status.readings.count > before { cues?.play(.calibrationPoint) }
            switch status.phase {
            case .done(let box):
                cues?.play(.calibrationDone)
                mapper.calibration = box
                finishedCalibrations.withLock { $0.append(box) }
                calibrationOutcome.withLock { $0 = status.phase }
                calibration = nil
            case .failed:
                calibrationOutcome.withLock { $0 = status.phase }
                calibration = nil
            default:
                break
            }
            renderer?.controls.push(Control(frequency: mapper.mapping.low, amplitude: 0, gate: false, sourceTime: capturedAt, trackedTime: trackedAt))
        } else {
            var mapped = mapper.control(for: hands)
            mapped.sourceTime = capturedAt
            mapped.trackedTime = trackedAt
            if isPaused { mapped.gate = false }
            renderer?.controls.push(mapped)
            onControl?(mapped)
            control = mapped
        }
        var recordingProblem: String?
        if let recorder, recorder.error == nil {
            do { try recorder.write(hands) } catch { recordingProblem = "\(error)" }
        }
        fpsWindow.append(trackedAt)
        while let oldest = fpsWindow.first, trackedAt - oldest > 1 { fpsWindow.removeFirst() }
        let fps = fpsWindow.count > 1 ? Double(fpsWindow.count - 1) / (trackedAt - fpsWindow[0]) : 0
        let trackingTime = trackedAt - trackStart
        let waitTime = trackedAt - capturedAt
        let box = mapper.calibration
        snapshot.withLock { state in
            state.frame = frame
            state.sample = sample
            state.hands = hands
            state.control = control
            state.calibration = box
            state.calibrationStatus = calibrationStatus ?? (calibration == nil ? nil : state.calibrationStatus)
            state.trackedFrames += 1
            state.trackerFPS = fps
            state.sourceProblem = nil
            if let recordingProblem, state.recordingProblem == nil { state.recordingProblem = recordingProblem }
            state.stageTimes.append((trackingTime, waitTime))
        }
    }
}
