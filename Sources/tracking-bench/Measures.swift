import Foundation
import ThereminTestSupport
import ThereminCore
import ThereminTracking
import ThereminVideo

/// The benchmark's measurements, defined as tools/mediapipe_reference.py defines MediaPipe's.
struct Measures {
    let corpus: Corpus
    let models: ModelFiles?
    /// Threads each network of the trackers made from here on uses (TrackerOptions.threads). Held in a class so
    /// that main.swift's top-level `let measures` can change it (mutating a top-level struct var inside its loops
    /// crashed Swift 6.3's optimizer).
    private final class Knobs: @unchecked Sendable { var threads = 1 }
    private let knobs = Knobs()
    var threads: Int {
        get { knobs.threads }
        nonmutating set { knobs.threads = newValue }
    }

    struct Detection {
        var webcam = (found: 0, total: 0)
        var hard = (found: 0, total: 0)
        var missed: [String] = []
    }

    struct Negatives {
        var images = (falsePositives: 0, total: 0)
        var clipFrames = (falsePositives: 0, total: 0)
        var which: [String] = []
    }

    struct TipError {
        var errors: [Double] = []
        var groundTruthHands = 0
        var median: Double? { Statistics.median(errors) }
    }

    struct Speed {
        var frames = 0
        var framesWithHand = 0
        /// Frames where two hands were reported (max_hands 2 only).
        var framesWithTwoHands = 0
        var detectorRuns = 0
        /// Milliseconds per frame in tracking mode, detector frames included, the first (cold) frame excluded.
        var milliseconds: [Double] = []
        /// Milliseconds of the frames where only the landmark model ran (steady state).
        var trackingOnlyMilliseconds: [Double] = []
        /// Hands reported on each frame of `milliseconds` (the same frames, in order).
        var handCounts: [Int] = []
        /// The index tip of each frame (normalized, camera view), nil without a hand.
        var tips: [(x: Double, y: Double)?] = []
    }

    /// A tracker for still images: camera coordinates (the ground truth's), detector on every image.
    func stillTracker(_ kind: HandTracker.Kind) throws -> HandTracker {
        let options = TrackerOptions(mirrored: false, mode: .stillImages)
        switch kind {
        case .neural:
            guard let models else { throw BenchError("no models") }
            return try HandTracker(models: models, options: options)
        case .classic:
            return try HandTracker(classicWithFaceCascade: HandTracker.defaultFaceCascadeIfInstalled(), options: options)
        }
    }

    private func frame(_ url: URL) throws -> Frame {
        guard let frame = try ImageSource(path: url.path).nextFrame() else {
            throw BenchError("\(url.path) holds no image")
        }
        return frame
    }

    /// Images in hands_nogt/ where a hand is found; "hard_" files counted apart.
    func detection(_ tracker: HandTracker) throws -> Detection {
        var result = Detection()
        for url in try corpus.images(in: "hands_nogt") {
            let found = try tracker.process(try frame(url)).present
            if url.lastPathComponent.hasPrefix("hard_") {
                result.hard.total += 1
                result.hard.found += found ? 1 : 0
            } else {
                result.webcam.total += 1
                result.webcam.found += found ? 1 : 0
            }
            if !found { result.missed.append(url.lastPathComponent) }
        }
        return result
    }

    /// On hands_nogt/: photos where `tracker` reports a fingertip within 10% of the image diagonal of the one
    /// `reference` reports (both present), and photos where `tracker` reports a hand at all.
    func agreement(_ tracker: HandTracker, with reference: HandTracker) throws -> (agree: Int, found: Int, total: Int) {
        var result = (agree: 0, found: 0, total: 0)
        for url in try corpus.images(in: "hands_nogt") {
            let image = try frame(url)
            let ours = try tracker.process(image), theirs = try reference.process(image)
            result.total += 1
            result.found += ours.present ? 1 : 0
            guard ours.present, theirs.present else { continue }
            let (w, h) = (Double(image.width), Double(image.height))
            if hypot((ours.x - theirs.x) * w, (ours.y - theirs.y) * h) <= 0.1 * hypot(w, h) {
                result.agree += 1
            }
        }
        return result
    }

    /// Images and clip frames in negatives/ where a hand is (wrongly) reported.
    func negatives(_ tracker: HandTracker) throws -> Negatives {
        var result = Negatives()
        for url in try corpus.images(in: "negatives") {
            result.images.total += 1
            if try tracker.process(try frame(url)).present {
                result.images.falsePositives += 1
                result.which.append(url.lastPathComponent)
            }
        }
        for clip in try corpus.clips(in: "negatives") {
            let source = try VideoFileSource(path: clip.path)
            var index = 0
            while let frame = try source.nextFrame() {
                tracker.reset()  // each frame as a still image, as the reference does
                result.clipFrames.total += 1
                if try tracker.process(frame).present {
                    result.clipFrames.falsePositives += 1
                    result.which.append("\(clip.lastPathComponent)#\(index)")
                }
                index += 1
            }
        }
        return result
    }

    /// Index-tip error in palm units on hands_gt/: the detected hand is matched to a ground-truth hand when its mean
    /// keypoint distance over the labelled keypoints is at most one palm (wrist to middle knuckle).
    func tipError(_ tracker: HandTracker) throws -> TipError {
        var result = TipError()
        for url in try corpus.images(in: "hands_gt") {
            let image = try frame(url)
            let sample = try tracker.process(image)
            let (width, height) = (Double(image.width), Double(image.height))
            for hand in try corpus.truth(for: url) {
                let p = hand.points
                guard p[0].labelled, p[8].labelled, p[9].labelled else { continue }
                result.groundTruthHands += 1
                guard sample.present, sample.landmarks.count == 21 else { continue }
                let palm = hypot(p[0].x - p[9].x, p[0].y - p[9].y)
                let distances = (0..<21).filter { p[$0].labelled }.map { i in
                    hypot(sample.landmarks[i].x * width - p[i].x, sample.landmarks[i].y * height - p[i].y)
                }
                let meanDistance = distances.reduce(0, +) / Double(distances.count)
                guard meanDistance <= palm else { continue }
                result.errors.append(hypot(sample.x * width - p[8].x, sample.y * height - p[8].y) / palm)
            }
        }
        return result
    }

    /// Milliseconds per frame in tracking mode over a clip (decoded beforehand; decoding is not timed).
    /// - Parameter size: scales and crops each frame to this size first (e.g. 640x480), or nil.
    func speed(clip: URL, resizedTo size: (width: Int, height: Int)?, mode: TrackerOptions.Mode = .video,
               letterbox: Bool = false, farSearch: Bool = true) throws -> Speed
    {
        let frames = try decode(clip, resizedTo: size, letterbox: letterbox)
        let tracker = try videoTracker(maxHands: 1, mode: mode, farSearch: farSearch)
        var result = Speed()
        for (index, frame) in frames.enumerated() {
            try time(tracker, on: frame, index: index, into: &result)
        }
        return result
    }

    /// One-hand (max_hands 1) and two-hand (max_hands 2) tracking timed on the same clip, frame by frame in turn
    /// (which goes first alternates), so that the shared machine's load falls on both alike.
    func pairedSpeed(clip: URL, detectorInterval: Int) throws -> (one: Speed, two: Speed) {
        let frames = try decode(clip, resizedTo: nil)
        let single = try videoTracker(maxHands: 1)
        let double = try videoTracker(maxHands: 2, detectorInterval: detectorInterval)
        var one = Speed(), two = Speed()
        for (index, frame) in frames.enumerated() {
            if index % 2 == 0 {
                try time(single, on: frame, index: index, into: &one)
                try time(double, on: frame, index: index, into: &two)
            } else {
                try time(double, on: frame, index: index, into: &two)
                try time(single, on: frame, index: index, into: &one)
            }
        }
        return (one, two)
    }

    /// Two-hand tracking alone over a clip: hands found, detector runs, times.
    func twoHandSpeed(clip: URL, detectorInterval: Int) throws -> Speed {
        let frames = try decode(clip, resizedTo: nil)
        let tracker = try videoTracker(maxHands: 2, detectorInterval: detectorInterval)
        var result = Speed()
        for (index, frame) in frames.enumerated() {
            try time(tracker, on: frame, index: index, into: &result)
        }
        return result
    }

    private func videoTracker(maxHands: Int, detectorInterval: Int = TrackerOptions().detectorInterval,
                              mode: TrackerOptions.Mode = .video, farSearch: Bool = true) throws -> HandTracker
    {
        guard let models else { throw BenchError("no models") }
        return try HandTracker(models: models, options: TrackerOptions(mirrored: false, mode: mode,
                                                                       maxHands: maxHands,
                                                                       detectorInterval: detectorInterval,
                                                                       threads: threads, farSearch: farSearch))
    }

    private func decode(_ clip: URL, resizedTo size: (width: Int, height: Int)?, letterbox: Bool = false) throws
        -> [Frame]
    {
        var frames: [Frame] = []
        let source = try VideoFileSource(path: clip.path)
        while let frame = try source.nextFrame() {
            frames.append(size.map { Self.fill(frame, to: $0, letterbox: letterbox) } ?? frame)
        }
        return frames
    }

    /// Tracks one frame (every slot, as play does) and adds it to `result`; the first (cold) frame is not timed.
    private func time(_ tracker: HandTracker, on frame: Frame, index: Int, into result: inout Speed) throws {
        let clock = ContinuousClock()
        var tracked: TrackedFrame?
        let elapsed = try clock.measure { tracked = try tracker.track(frame) }
        let milliseconds = elapsed.milliseconds
        guard let tracked, !tracked.hands.hands.isEmpty else { return }
        let present = tracked.hands.present
        result.frames += 1
        result.framesWithHand += present.isEmpty ? 0 : 1
        result.framesWithTwoHands += present.count == 2 ? 1 : 0
        result.detectorRuns += tracked.detectorRan ? 1 : 0
        result.tips.append(present.first.map { (x: $0.x, y: $0.y) })
        if index > 0 {
            result.milliseconds.append(milliseconds)
            result.handCounts.append(present.count)
            if !tracked.detectorRan { result.trackingOnlyMilliseconds.append(milliseconds) }
        }
    }

    /// The frame scaled to cover `size` and cropped to it around the center, as a camera of that size would see the
    /// scene; or, with `letterbox`, fitted inside it on black bars.
    static func fill(_ frame: Frame, to size: (width: Int, height: Int), letterbox: Bool = false) -> Frame {
        FrameResize.resized(frame, width: size.width, height: size.height, fit: letterbox ? .letterbox : .cover)
    }
}

/// How far apart two tip tracks are: the median distance in pixels over frames where both have a tip.
func trackDistance(_ a: [(x: Double, y: Double)?], _ b: [(x: Double, y: Double)?], width: Double, height: Double)
    -> (median: Double?, frames: Int)
{
    let distances = zip(a, b).compactMap { pair -> Double? in
        guard let p = pair.0, let q = pair.1 else { return nil }
        return hypot((p.x - q.x) * width, (p.y - q.y) * height)
    }
    return (Statistics.median(distances), distances.count)
}

enum Statistics {
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }
}
