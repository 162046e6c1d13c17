import CVisionLoader
import ThereminCore
import VisionCalls

/// Every call into the CHandTracker C API goes through here: the function table, error buffers, status conversion,
/// struct conversion. `HandTracker` holds the logic and never names a `th_` function.
enum TrackerCalls {
    /// The C API's limits (`TH_MAX_HANDS`, `TH_MAX_TRACKER_THREADS`).
    static let maxHands = Int(TH_MAX_HANDS)
    static let maxThreads = Int(TH_MAX_TRACKER_THREADS)

    /// The tracker's C functions, from libtheremin-vision.so (loaded on first use, see CVisionLoader.h).
    /// - Throws: `TrackerError` (`.libraryMissing`) when the library cannot be loaded.
    static func api() throws(TrackerError) -> th_api {
        guard let table = theremin_vision_tracker() else {
            throw TrackerError(kind: .libraryMissing, problem: VisionLibrary.failure, remedy: VisionLibrary.remedy)
        }
        return table.pointee
    }

    /// Runs a C call that takes an error buffer; turns a failing status into a TrackerError whose remedy for file
    /// and model problems is `fileRemedy`.
    static func call(fileRemedy: String, _ body: (UnsafeMutablePointer<CChar>, Int) -> th_status) throws(TrackerError) {
        try ShimCall.check(body) { error($0, fileRemedy: fileRemedy) }
    }

    /// The tracker's statuses as `TrackerError` kinds.
    static func error(_ failure: ShimFailure<th_status>, fileRemedy: String) -> TrackerError {
        let problem = failure.problem
        switch failure.status {
        case TH_ERROR_FILE_MISSING:
            return TrackerError(kind: .fileMissing, problem: problem, remedy: fileRemedy)
        case TH_ERROR_FILE_UNREADABLE:
            return TrackerError(kind: .fileUnreadable, problem: problem, remedy: fileRemedy)
        case TH_ERROR_MODEL_INVALID:
            return TrackerError(kind: .modelInvalid, problem: problem, remedy: fileRemedy)
        case TH_ERROR_INVALID_ARGUMENT:
            return TrackerError(kind: .invalidFrame, problem: problem,
                                remedy: "the frame source delivered a malformed frame; please report this")
        case TH_ERROR_OUT_OF_MEMORY:
            return TrackerError(kind: .outOfMemory, problem: problem,
                                remedy: "close other programs or use a smaller camera resolution")
        default:
            return TrackerError(kind: .processingFailed, problem: problem,
                                remedy: "if this repeats, try --tracker classic and please report it")
        }
    }

    /// A neural tracker's handle, its models loaded and test-run.
    static func createNeural(models: ModelFiles, options: TrackerOptions) throws(TrackerError) -> OpaquePointer {
        let api = try api()
        var cOptions = cOptions(options, api: api)
        var created: OpaquePointer?
        try call(fileRemedy: TrackerError.modelRemedy) { error, size in
            api.th_tracker_create(models.palmDetector, models.handLandmarks, &cOptions, &created, error, size)
        }
        return try handle(created)
    }

    /// A classical tracker's handle, and whether it masks faces (false without a cascade).
    static func createClassic(faceCascade: String?, options: TrackerOptions) throws(TrackerError)
        -> (handle: OpaquePointer, masksFaces: Bool) {
        let api = try api()
        var cOptions = cOptions(options, api: api)
        var created: OpaquePointer?
        try call(fileRemedy: TrackerError.cascadeRemedy) { error, size in
            api.th_tracker_create_classic(faceCascade, &cOptions, &created, error, size)
        }
        let handle = try handle(created)
        return (handle, api.th_tracker_masks_faces(handle) != 0)
    }

    private static func handle(_ created: OpaquePointer?) throws(TrackerError) -> OpaquePointer {
        guard let created else {
            throw TrackerError(kind: .processingFailed, problem: "the tracker library returned no handle",
                               remedy: "please report this")
        }
        return created
    }

    /// Frees a handle made by `createNeural` or `createClassic` (whose table is loaded, so `api()` succeeds).
    static func destroy(_ handle: OpaquePointer) {
        (try? api())?.th_tracker_destroy(handle)
    }

    static func reset(_ handle: OpaquePointer) {
        (try? api())?.th_tracker_reset(handle)
    }

    static func setFrameBudget(_ seconds: Double, _ handle: OpaquePointer) {
        (try? api())?.th_tracker_set_frame_budget(handle, seconds)
    }

    static func setSearch(_ search: HandSearch, _ handle: OpaquePointer) {
        guard let api = try? api() else { return }
        let focus = search.focus ?? HandSearch.Focus(x: 0, y: 0, side: 0)
        api.th_tracker_set_search(handle, Int32(clamping: search.hands), Int32(clamping: search.detectorInterval),
                                  th_point(x: Float(focus.x), y: Float(focus.y)), Float(focus.side))
        for slot in search.release { api.th_tracker_release_hand(handle, Int32(clamping: slot)) }
    }

    /// The median milliseconds of a followed frame on a BGR `frame` over `runs` (th_tracker_time_follow).
    static func timeFollow(_ frame: Frame, runs: Int, _ handle: OpaquePointer) throws(TrackerError) -> Double {
        let api = try api()
        var milliseconds = 0.0
        try frame.pixels.withUnsafeBufferPointer { (pixels) throws(TrackerError) in
            try call(fileRemedy: TrackerError.modelRemedy) { error, size in
                api.th_tracker_time_follow(handle, pixels.baseAddress, Int32(clamping: frame.width),
                                           Int32(clamping: frame.height), frame.bytesPerRow, Int32(clamping: runs),
                                           &milliseconds, error, size)
            }
        }
        return milliseconds
    }

    static func networkUse(_ handle: OpaquePointer) -> NetworkUse {
        guard let use = (try? api())?.th_tracker_network_use(handle) else {
            return NetworkUse(landmarkRuns: 0, landmarkCPUSeconds: 0, palmRuns: 0, palmCPUSeconds: 0)
        }
        return NetworkUse(landmarkRuns: use.landmark_runs, landmarkCPUSeconds: use.landmark_cpu_seconds,
                          palmRuns: use.palm_runs, palmCPUSeconds: use.palm_cpu_seconds)
    }

    /// One frame through the tracker: every hand slot, absent ones included, each converted once into the
    /// session's hand type.
    static func track(_ frame: Frame, slots count: Int, with handle: OpaquePointer) throws(TrackerError) -> TrackedFrame {
        let api = try api()
        // The C results live on the stack for the call only: each becomes a `HandSample` at once.
        return try withUnsafeTemporaryAllocation(of: th_hand.self, capacity: count) { (slots) throws(TrackerError) in
            slots.initialize(repeating: th_hand())
            var filled: Int32 = 0
            try frame.pixels.withUnsafeBufferPointer { (pixels) throws(TrackerError) in
                let (width, height) = (Int32(clamping: frame.width), Int32(clamping: frame.height))
                let capacity = Int32(clamping: slots.count)
                try call(fileRemedy: TrackerError.modelRemedy) { error, size in
                    switch frame.layout {
                    case .bgr24:
                        api.th_tracker_process_hands_bgr(handle, pixels.baseAddress, width, height, frame.bytesPerRow,
                                                         slots.baseAddress, capacity, &filled, error, size)
                    case .yuyv(let encoding):
                        api.th_tracker_process_hands_yuyv(handle, pixels.baseAddress, width, height, frame.bytesPerRow,
                                                          th_ycbcr(bt709: encoding.bt709 ? 1 : 0,
                                                                   full_range: encoding.fullRange ? 1 : 0),
                                                          slots.baseAddress, capacity, &filled, error, size)
                    }
                }
            }
            let written = slots.prefix(Int(max(0, min(filled, Int32(clamping: count)))))
            // Every slot of a frame carries the same view and detector count (CHandTracker.h).
            return TrackedFrame(hands: HandsFrame(t: frame.captureTime,
                                                  hands: written.map { sample(from: $0, time: frame.captureTime) }),
                                mirrored: written.first.map { $0.mirrored != 0 } ?? false,
                                detectorPasses: written.first.map { Int($0.detector_ran) } ?? 0)
        }
    }

    /// Threads OpenCV uses in the whole process (nil: all cores); nothing without the library.
    static func setThreadCount(_ threads: Int?) {
        (try? api())?.th_set_num_threads(threads.map { Int32(clamping: $0) } ?? -1)
    }

    static var threadCount: Int {
        (try? api()).map { Int($0.th_get_num_threads()) } ?? 0
    }

    /// The one conversion of the tracker's C result into the session's hand type.
    private static func sample(from hand: th_hand, time: Double) -> HandSample {
        guard hand.present != 0 else { return .absent(at: time) }
        let handedness: Handedness? = switch hand.handedness {
        case TH_HAND_LEFT: .left
        case TH_HAND_RIGHT: .right
        default: nil
        }
        return HandSample(t: time, x: Double(hand.fingertip.x), y: Double(hand.fingertip.y), present: true,
                          confidence: Double(hand.confidence), handedness: handedness,
                          handednessConfidence: Double(hand.handedness_confidence), landmarks: landmarks(of: hand),
                          acquired: hand.acquired != 0, region: region(of: hand))
    }

    static func cOptions(_ options: TrackerOptions, api: th_api) -> th_options {
        var c = api.th_default_options()
        c.mirrored = options.mirrored ? 1 : 0
        c.tracking = options.mode == .video ? 1 : 0
        c.min_detection_confidence = Float(options.minDetectionConfidence)
        c.min_presence_confidence = Float(options.minPresenceConfidence)
        c.max_hands = Int32(clamping: options.maxHands)
        c.detector_interval = Int32(clamping: options.detectorInterval)
        c.threads = Int32(clamping: options.threads)
        c.far_search = options.farSearch ? 1 : 0
        c.frame_interval_ms = options.frameRate.map { Float(1000 / $0) } ?? 0
        return c
    }

    private static func landmarks(of hand: th_hand) -> [NormalizedPoint] {
        let count = Int(max(0, min(hand.landmark_count, TH_LANDMARK_COUNT)))
        return withUnsafeBytes(of: hand.landmarks) { raw in
            withUnsafeBytes(of: hand.landmark_z) { rawDepths in
                let points = raw.bindMemory(to: th_point.self)
                let depths = rawDepths.bindMemory(to: Float.self)
                return (0..<count).map {
                    NormalizedPoint(x: Double(points[$0].x), y: Double(points[$0].y), z: Double(depths[$0]))
                }
            }
        }
    }

    private static func region(of hand: th_hand) -> HandRegion? {
        let r = hand.region
        guard r.width > 0, r.height > 0 else { return nil }
        return HandRegion(centerX: Double(r.x_center), centerY: Double(r.y_center), width: Double(r.width),
                          height: Double(r.height), rotation: Double(r.rotation))
    }
}
