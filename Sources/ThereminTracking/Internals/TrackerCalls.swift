import CVisionLoader
import ThereminCore

/// Every call into the CHandTracker C API goes through here: the function table, error buffers, status conversion,
/// struct conversion.
enum TrackerCalls {
    private static let errorCapacity = 512

    /// The tracker's C functions, from libtheremin-vision.so (loaded on first use, see CVisionLoader.h).
    /// - Throws: `TrackerError` (`.libraryMissing`) when the library cannot be loaded.
    static func api() throws(TrackerError) -> th_api {
        guard let table = theremin_vision_tracker() else {
            throw TrackerError(kind: .libraryMissing, problem: String(cString: theremin_vision_failure()),
                               remedy: String(cString: theremin_vision_remedy()))
        }
        return table.pointee
    }

    /// Runs a C call that takes an error buffer; turns a failing status into a TrackerError whose remedy for file
    /// and model problems is `fileRemedy`.
    static func call(fileRemedy: String, _ body: (UnsafeMutablePointer<CChar>, Int) -> th_status) throws(TrackerError) {
        var message = [CChar](repeating: 0, count: errorCapacity)
        let status = message.withUnsafeMutableBufferPointer { buffer in
            body(buffer.baseAddress!, buffer.count)
        }
        guard status != TH_OK else { return }
        let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        throw error(status: status, message: text, fileRemedy: fileRemedy)
    }

    static func error(status: th_status, message: String, fileRemedy: String) -> TrackerError {
        let name = (try? api())?.th_status_name(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
        let problem = message.isEmpty ? name : message
        switch status {
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

    static func landmarks(of hand: th_hand) -> [NormalizedPoint] {
        let count = Int(max(0, min(hand.landmark_count, TH_LANDMARK_COUNT)))
        return withUnsafeBytes(of: hand.landmarks) { raw in
            let points = raw.bindMemory(to: th_point.self)
            return (0..<count).map { NormalizedPoint(x: Double(points[$0].x), y: Double(points[$0].y)) }
        }
    }

    static func region(of hand: th_hand) -> HandRegion? {
        let r = hand.region
        guard r.width > 0, r.height > 0 else { return nil }
        return HandRegion(centerX: Double(r.x_center), centerY: Double(r.y_center), width: Double(r.width),
                          height: Double(r.height), rotation: Double(r.rotation))
    }

    /// The C struct for drawing a tracked hand.
    static func cHand(_ hand: HandSample, mirrored: Bool) -> th_hand {
        var c = th_hand()
        c.present = hand.present ? 1 : 0
        c.confidence = Float(hand.confidence)
        c.mirrored = mirrored ? 1 : 0
        c.fingertip = th_point(x: Float(hand.x), y: Float(hand.y))
        let landmarks = hand.landmarks.prefix(Int(TH_LANDMARK_COUNT))
        c.landmark_count = landmarks.count == Int(TH_LANDMARK_COUNT) ? TH_LANDMARK_COUNT : 0
        withUnsafeMutableBytes(of: &c.landmarks) { raw in
            let points = raw.bindMemory(to: th_point.self)
            for (i, p) in landmarks.enumerated() {
                points[i] = th_point(x: Float(p.x), y: Float(p.y))
            }
        }
        if let region = hand.region {
            c.region = th_rect(x_center: Float(region.centerX), y_center: Float(region.centerY),
                               width: Float(region.width), height: Float(region.height),
                               rotation: Float(region.rotation))
        }
        return c
    }
}
