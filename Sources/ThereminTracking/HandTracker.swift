import Foundation
import ThereminCore

/// Finds the player's hand and index fingertip in camera frames.
///
/// Owns one tracker handle of the CHandTracker shim: the neural tracker (MediaPipe's palm detector and hand landmark
/// models, run as XNNPACK subgraphs on crops the shim samples itself) or the classical skin-colour fallback (OpenCV
/// imgproc). Frames are BGR in camera orientation; the samples are in the mirrored selfie view unless
/// `options.mirrored` is false.
///
/// With `options.maxHands` 2 it follows two hands for two-hand play: `track` reports both. Each hand has a slot that
/// it keeps for as long as it stays tracked, so `hands[i]` is the same hand from frame to frame; a newly found hand
/// takes the first free slot.
///
/// Thread safety: the handle serializes its own calls, so one tracker may be used from several threads, but calls
/// run one at a time. Different trackers share nothing except OpenCV's thread pool (see `setThreadCount`).
public final class HandTracker: @unchecked Sendable {
    /// Which algorithm a tracker runs.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// Palm detector + hand landmark model: the main tracker.
        case neural
        /// Skin colour, largest blob, topmost point: the lesser fallback, for when the models cannot load.
        case classic
    }

    /// Debian's frontal face cascade (package `opencv-data`), which the classical tracker uses to ignore faces.
    public static let defaultFaceCascade = "/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml"

    public let kind: Kind
    public let options: TrackerOptions
    /// For the classical tracker: whether faces are masked out of the skin mask (false without a cascade).
    public let masksFaces: Bool
    private let handle: OpaquePointer

    /// Loads the neural tracker from the two model files (and test-runs them).
    /// - Throws: `TrackerError` when a file is missing, unreadable or not the expected model, or an option is out
    ///   of range.
    public init(models: ModelFiles, options: TrackerOptions = TrackerOptions()) throws(TrackerError) {
        try options.validate()
        handle = try TrackerCalls.createNeural(models: models, options: options)
        kind = .neural
        self.options = options
        masksFaces = false
    }

    /// Loads the neural tracker from the models `ModelFiles.locate()` finds.
    /// - Throws: `TrackerError` when the models are not found or cannot be loaded.
    public convenience init(options: TrackerOptions = TrackerOptions()) throws(TrackerError) {
        try self.init(models: try ModelFiles.locate(), options: options)
    }

    /// Creates the classical fallback tracker.
    /// - Parameter faceCascade: an OpenCV Haar cascade for faces; by default Debian's, used only if installed.
    ///   Pass nil to run without face masking. An explicitly given cascade that cannot be loaded is an error.
    /// - Throws: `TrackerError` for a cascade that cannot be loaded or an option out of range.
    public init(classicWithFaceCascade faceCascade: String? = HandTracker.defaultFaceCascadeIfInstalled(),
                options: TrackerOptions = TrackerOptions()) throws(TrackerError) {
        try options.validate()
        (handle, masksFaces) = try TrackerCalls.createClassic(faceCascade: faceCascade, options: options)
        kind = .classic
        self.options = options
    }

    deinit {
        TrackerCalls.destroy(handle)
    }

    /// Debian's face cascade when the `opencv-data` package is installed, else nil.
    public static func defaultFaceCascadeIfInstalled() -> String? {
        FileManager.default.isReadableFile(atPath: defaultFaceCascade) ? defaultFaceCascade : nil
    }

    /// Tracks every hand in one frame: `options.maxHands` hands, absent ones included, each in its slot (the same
    /// hand in the same place from frame to frame while it stays tracked), at the frame's capture time, with what
    /// the tracker did to find them.
    /// - Throws: `TrackerError` when the frame is malformed or OpenCV fails.
    public func track(_ frame: Frame) throws(TrackerError) -> TrackedFrame {
        try checkSize(of: frame)
        return try TrackerCalls.track(frame, slots: options.maxHands, with: handle)
    }

    /// The hand one-hand play follows in one frame (`HandsFrame.primary`), at the frame's capture time.
    /// - Throws: `TrackerError` when the frame is malformed or OpenCV fails.
    public func process(_ frame: Frame) throws(TrackerError) -> HandSample {
        try track(frame).primary
    }

    /// Forgets the tracked hands: the next frame starts with the palm detector. Call between unrelated pictures.
    public func reset() {
        TrackerCalls.reset(handle)
    }

    /// How long a frame may take before looks that only refine a landing stop (0: no limit; CHandTracker.h).
    public func setFrameBudget(_ seconds: Double) {
        TrackerCalls.setFrameBudget(seconds, handle)
    }

    /// How many hands to look for from the next frame on, how often, and which to let go (the player lock's
    /// request; CHandTracker.h). The classical tracker ignores it.
    public func search(_ search: HandSearch) {
        TrackerCalls.setSearch(search, handle)
    }

    /// What following a hand costs here, in milliseconds: the median of `runs` followed frames on a hand-sized region
    /// at the middle of `frame` (a BGR picture; any, since a followed frame's work does not depend on what it shows).
    /// Forgets the hands tracked. `--check` predicts live play's latency from it.
    /// - Throws: `TrackerError` when the frame is malformed or not BGR, or the networks fail.
    public func followCost(on frame: Frame, runs: Int = 20) throws(TrackerError) -> Double {
        try checkSize(of: frame)
        guard case .bgr24 = frame.layout else {
            throw TrackerError(kind: .invalidFrame, problem: "frame \(frame.sequence) is not BGR",
                               remedy: "time following on a BGR picture")
        }
        return try TrackerCalls.timeFollow(frame, runs: runs, handle)
    }

    /// The networks' runs since the tracker was made (the runs checking the models as they loaded included) and the
    /// CPU they took; nil for the classical tracker, which has none. Waits for a frame being tracked.
    public var networkUse: NetworkUse? {
        let use = TrackerCalls.networkUse(handle)
        return use.landmarkRuns + use.palmRuns > 0 ? use : nil
    }

    /// Sets how many threads OpenCV uses for every tracker in the process (1: one core; nil: all cores). Without
    /// the tracker library this does nothing: creating a tracker reports the missing library.
    public static func setThreadCount(_ threads: Int?) {
        TrackerCalls.setThreadCount(threads)
    }

    /// How many threads OpenCV currently uses (0 without the tracker library).
    public static var threadCount: Int {
        TrackerCalls.threadCount
    }

    private func checkSize(of frame: Frame) throws(TrackerError) {
        guard frame.pixels.count >= frame.bytesPerRow * frame.height else {
            throw TrackerError(kind: .invalidFrame,
                               problem: "frame \(frame.sequence) has \(frame.pixels.count) bytes, fewer than "
                                   + "\(frame.bytesPerRow) x \(frame.height) rows",
                               remedy: "the frame source delivered a malformed frame; please report this")
        }
    }
}
