import Foundation
import ThereminCore

/// A camera that survives being unplugged: when the stream is lost (unplugged, or silent for the frame timeout) it
/// reports it once, closes the device, then tries to reopen it at most once per `retryInterval`, for as long as the
/// caller keeps asking for frames.
///
/// Every `nextFrame()` call while the camera is away returns within about one retry interval by throwing a
/// `V4L2Error` whose `isDeviceLost` is true, so the player can keep fading out, redraw its status and notice the
/// user quitting. Frame sequence numbers keep increasing across reconnections.
public final class ReconnectingCamera: FrameSource, @unchecked Sendable {
    private let configuration: V4L2Camera.Configuration
    private let retryInterval: Double
    private let scheduler: (any ThreadScheduler)?
    private let lock = NSLock()
    private var camera: V4L2Camera?
    private var closed = false
    private var nextAttempt = 0.0
    private var sequenceBase: UInt64 = 0
    private var lastSequence: UInt64?
    private var lastName: String
    private var lastSize: PixelSize
    private var lastRate: Double?
    private var lastModeDescription: String
    private var droppedBefore = 0
    private var damagedBefore = 0
    /// The tracking rate asked for, applied again to a reopened camera.
    private var applied: TrackingRate?

    /// The device node this camera is pinned to, and the camera's card name (what calibrations are saved under).
    public let devicePath: String
    public let card: String

    /// How many times the camera was reopened after being lost.
    public private(set) var reconnections = 0

    /// Opens the camera; the first open must succeed (its errors are the user's to fix).
    ///
    /// - Parameters:
    ///   - retryInterval: seconds between reopening attempts while the camera is away.
    ///   - scheduler: asked for each capture thread's real-time priority (nil: normal priority).
    /// - Throws: what `V4L2Camera.init` throws.
    public init(_ configuration: V4L2Camera.Configuration = .init(), retryInterval: Double = 1,
                scheduler: (any ThreadScheduler)? = nil) throws(V4L2Error) {
        let camera = try V4L2Camera(configuration, scheduler: scheduler)
        self.scheduler = scheduler
        // Reopen the same node, not "the first camera", so a second camera is never picked up by accident.
        var pinned = configuration
        pinned.device = camera.devicePath
        self.configuration = pinned
        self.retryInterval = retryInterval
        self.devicePath = camera.devicePath
        self.card = camera.camera.card
        self.camera = camera
        self.lastName = camera.name
        self.lastSize = camera.size
        self.lastRate = camera.nominalFrameRate
        self.lastModeDescription = camera.modeDescription
        self.controlNotes = camera.controlNotes
    }

    deinit { close() }

    public var name: String { lock.withLock { camera?.name ?? lastName } }
    public var nominalFrameRate: Double? { lock.withLock { camera?.nominalFrameRate ?? lastRate } }
    public var frameSize: (width: Int, height: Int) { lock.withLock { (lastSize.width, lastSize.height) } }
    public var droppedFrames: Int { lock.withLock { droppedBefore + (camera?.droppedFrames ?? 0) } }
    /// The mode the camera runs in and why (`V4L2Camera.modeDescription`), as last opened.
    public var modeDescription: String { lock.withLock { lastModeDescription } }
    /// What was done to the camera's controls when it was first opened (`V4L2Camera.controlNotes`); they are set
    /// again, and put back again, each time it is reopened.
    public let controlNotes: [String]

    public var offeredRates: [Double] { lock.withLock { camera?.offeredRates ?? [] } }
    public var damagedFrames: Int { lock.withLock { damagedBefore + (camera?.damagedFrames ?? 0) } }

    public func apply(_ rate: TrackingRate) -> TrackingRate {
        let current = lock.withLock { () -> V4L2Camera? in
            applied = rate
            return camera
        }
        return current?.apply(rate) ?? rate
    }

    /// What the running camera's capture thread got when it asked for real-time scheduling.
    public var captureScheduling: ThreadScheduling? { lock.withLock { camera?.captureScheduling } }

    /// True while the camera is away and being retried.
    public var isReconnecting: Bool { lock.withLock { camera == nil && !closed } }

    /// The newest frame; nil once closed.
    ///
    /// - Throws: `V4L2Error` with `isDeviceLost` when the camera was just lost or is still away (keep calling);
    ///   other errors of the running camera as `V4L2Camera.nextFrame()` throws them.
    public func nextFrame() throws(V4L2Error) -> Frame? {
        guard let current = lock.withLock({ closed ? nil : camera }) else {
            if lock.withLock({ closed }) { return nil }
            return try reopen()
        }
        do throws(V4L2Error) {
            guard var frame = try current.nextFrame() else { return lock.withLock { closed } ? nil : try lost(current, nil) }
            frame.sequence += lock.withLock { sequenceBase }
            lock.withLock { lastSequence = frame.sequence }
            return frame
        } catch where error.isDeviceLost {
            return try lost(current, error)
        }
    }

    /// Closes the running camera and stops retrying; safe from any thread and more than once.
    public func close() {
        let running = lock.withLock { () -> V4L2Camera? in
            closed = true
            defer { camera = nil }
            // Kept, so the count read after closing (the --stats report) still includes the last camera's drops.
            droppedBefore += camera?.droppedFrames ?? 0
            damagedBefore += camera?.damagedFrames ?? 0
            return camera
        }
        running?.close()
    }

    private func lost(_ current: V4L2Camera, _ error: V4L2Error?) throws(V4L2Error) -> Frame? {
        current.close()
        lock.withLock {
            if camera === current {
                camera = nil
                droppedBefore += current.droppedFrames
                damagedBefore += current.damagedFrames
                sequenceBase = (lastSequence ?? sequenceBase) + 1
            }
            nextAttempt = MonotonicClock.now() + retryInterval
        }
        throw error ?? V4L2Error(kind: .unplugged, operation: .dequeueBuffer, device: configuration.device ?? "")
    }

    /// One reopening attempt, after waiting for its turn (at most one retry interval).
    private func reopen() throws(V4L2Error) -> Frame? {
        let wait = lock.withLock { nextAttempt } - MonotonicClock.now()
        if wait > 0 { Thread.sleep(forTimeInterval: min(wait, retryInterval)) }
        if lock.withLock({ closed }) { return nil }
        let device = configuration.device ?? ""
        do throws(V4L2Error) {
            let reopened = try V4L2Camera(configuration, scheduler: scheduler)
            if let rate = lock.withLock({ applied }) { _ = reopened.apply(rate) }
            let keep = lock.withLock { () -> Bool in
                guard !closed else { return false }
                camera = reopened
                lastName = reopened.name
                lastSize = reopened.size
                lastRate = reopened.nominalFrameRate
                lastModeDescription = reopened.modeDescription
                reconnections += 1
                return true
            }
            guard keep else {
                reopened.close()
                return nil
            }
            return try nextFrame()
        } catch {
            lock.withLock { nextAttempt = MonotonicClock.now() + retryInterval }
            throw V4L2Error(kind: .unplugged, operation: error.operation, errno: error.errno, device: device,
                            detail: "waiting for it to come back")
        }
    }
}
