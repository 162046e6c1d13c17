import Foundation
import ThereminCore
import ThereminTestSupport
import ThereminTracking
import ThereminVideo

/// The far-player set (issue 13): each of the 40 webcam-style photos shrunk to a half and to a third of a 640x480
/// frame inside a blurred room made from a hand-free corpus picture, plus hand-free scenes made the same way from
/// the negatives. Written as PPM files to bench-out/far-players/, where MediaPipe's reference run reads them too.
struct FarPlayerSet {
    struct Scene {
        let name: String
        let url: URL
        let hasHand: Bool
    }

    let folder: URL
    let scenes: [Scene]

    static func write(corpus: Corpus, to folder: URL) throws -> FarPlayerSet {
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let photos = try corpus.images(in: "hands_nogt").filter { !$0.lastPathComponent.hasPrefix("hard_") }
        let rooms = try corpus.images(in: "negatives")
        guard !photos.isEmpty, rooms.count >= 2 else { throw BenchError("the corpus lacks photos or negatives") }
        func load(_ url: URL) throws -> Frame {
            guard let frame = try ImageSource(path: url.path).nextFrame() else { throw BenchError("\(url.path): no image") }
            return frame
        }
        let backgrounds = try rooms.map(load)
        var scenes: [Scene] = []
        func add(_ name: String, _ frame: Frame, hand: Bool) throws {
            let url = folder.appendingPathComponent(name + ".ppm")
            try FarPlayerScenes.ppm(frame).write(to: url)
            scenes.append(Scene(name: name, url: url, hasHand: hand))
        }
        for shrink in FarPlayerScenes.Shrink.allCases {
            for (index, photo) in photos.enumerated() {
                let frame = FarPlayerScenes.compose(photo: try load(photo), background: backgrounds[index % backgrounds.count],
                                                    shrink: shrink, index: index)
                try add("\(shrink.label)_\(photo.deletingPathExtension().lastPathComponent)", frame, hand: true)
            }
            for (index, face) in backgrounds.enumerated() {
                let frame = FarPlayerScenes.compose(photo: face, background: backgrounds[(index + 3) % backgrounds.count],
                                                    shrink: shrink, index: index)
                try add("neg_\(shrink.label)_\(rooms[index].deletingPathExtension().lastPathComponent)", frame, hand: false)
            }
        }
        return FarPlayerSet(folder: folder, scenes: scenes)
    }
}

/// Hands found on the far-player set with and without the far search, beside MediaPipe lite, false positives on its
/// hand-free scenes, and the index tip against MediaPipe full's where both find the hand.
func reportFarPlayers(_ set: FarPlayerSet, models: ModelFiles, reference: Reference?) throws {
    print("")
    print("far players (photos shrunk to a half / a third of 640x480 inside a blurred room; \(set.folder.path)):")
    let far = try HandTracker(models: models, options: TrackerOptions(mirrored: false, mode: .stillImages, maxHands: 2))
    let near = try HandTracker(models: models, options: TrackerOptions(mirrored: false, mode: .stillImages, maxHands: 2,
                                                                      farSearch: false))
    var found = (far: [String: Int](), near: [String: Int]()), falsePositives = 0, tipErrors: [Double] = []
    var milliseconds: [Double] = []
    for scene in set.scenes {
        guard let frame = try ImageSource(path: scene.url.path).nextFrame() else { throw BenchError("\(scene.url.path)") }
        far.reset()
        near.reset()
        let clock = ContinuousClock()
        var hands: [HandSample] = []
        let elapsed = try clock.measure { hands = try far.track(frame).hands.present }
        milliseconds.append(elapsed.milliseconds)
        let nearHands = try near.track(frame).hands.present
        let group = scene.name.hasPrefix("half") ? "half" : scene.name.hasPrefix("third") ? "third" : "negative"
        guard scene.hasHand else {
            falsePositives += hands.count
            continue
        }
        found.far[group, default: 0] += hands.isEmpty ? 0 : 1
        found.near[group, default: 0] += nearHands.isEmpty ? 0 : 1
        if let tip = hands.first, let theirs = reference?.farFullTips[scene.name] {
            tipErrors.append(hypot(tip.x * 640 - theirs.x, tip.y * 480 - theirs.y) / theirs.palm)
        }
    }
    let total = set.scenes.filter(\.hasHand).count / 2
    for group in ["half", "third"] {
        let lite = reference?.farLiteFound[group]
        let ours = found.far[group] ?? 0
        row("far players found, \(group) size (\(total))", "\(ours)", lite.map { "\($0)" } ?? "-",
            lite.map { ratio(Double(ours), Double($0)) } ?? "",
            lite.map { Double(ours) >= 1.5 * Double($0) ? ">= 1.5x lite: met" : ">= 1.5x lite: NOT met" } ?? "")
        print("  without the far search (the whole frame only, as MediaPipe): \(found.near[group] ?? 0)")
    }
    if let lite = reference?.farLiteFound.values.reduce(0, +) {
        let ours = found.far.values.reduce(0, +)
        row("far players found, both sizes (\(2 * total))", "\(ours)", "\(lite)", ratio(Double(ours), Double(lite)),
            Double(ours) >= 1.5 * Double(lite) ? ">= 1.5x lite: met" : ">= 1.5x lite: NOT met")
    }
    row("false positives, hand-free far scenes", "\(falsePositives)", reference.map { "\($0.farLiteFalsePositives)" } ?? "-",
        "", falsePositives == 0 ? "0: met" : "0: NOT met")
    let within = tipErrors.filter { $0 <= 0.2 }.count
    row("index tip vs MediaPipe full (palm units)", format(Statistics.median(tipErrors), 3), "", "",
        "\(within) of \(tipErrors.count) within 0.2")
    print("  ms per scene, still-image search of the whole frame + every tile: median "
        + "\(format(Statistics.median(milliseconds), 1))")
    try reportFarSearchInVideo(set, models: models)
}

/// The far search as live play meets it (video mode, one tile a frame): the cost of a searching frame (hand-free
/// scenes, each held for 15 frames) against one 30 fps frame interval, and how many frames a still far hand takes
/// to be found (each hand scene held until found, at most 60 frames).
func reportFarSearchInVideo(_ set: FarPlayerSet, models: ModelFiles) throws {
    let tracker = try HandTracker(models: models, options: TrackerOptions(mirrored: false, mode: .video))
    let clock = ContinuousClock()
    var searching: [Double] = []
    for scene in set.scenes where !scene.hasHand {
        guard let frame = try ImageSource(path: scene.url.path).nextFrame() else { continue }
        tracker.reset()
        for _ in 0..<15 {
            searching.append(try clock.measure { _ = try tracker.track(frame) }.milliseconds)
        }
    }
    let worst = searching.max() ?? 0
    row("ms per searching frame (video mode, 1 thread)", format(Statistics.median(searching), 1), "", "",
        worst <= 33.3 ? "max \(format(worst, 1)) <= 33 ms: met" : "max \(format(worst, 1)) <= 33 ms: NOT met")
    print("  p95 \(format(Statistics.percentile(searching, 0.95), 1)) ms over \(searching.count) frames")
    var framesToFind: [Int] = []
    var neverFound = 0
    for scene in set.scenes where scene.hasHand {
        guard let frame = try ImageSource(path: scene.url.path).nextFrame() else { continue }
        tracker.reset()
        if let index = try (1...60).first(where: { _ in try tracker.track(frame).primary.present }) {
            framesToFind.append(index)
        } else {
            neverFound += 1
        }
    }
    let within = framesToFind.filter { $0 <= 30 }.count
    row("far hands found within 30 frames (1 s)", "\(within)/\(framesToFind.count + neverFound)", "", "",
        "median \(Statistics.median(framesToFind.map(Double.init)).map { format($0, 0) } ?? "-") frames, "
            + "max \(framesToFind.max() ?? 0); never in 60: \(neverFound)")
}

extension Duration {
    /// The duration in milliseconds, for the timing rows.
    var milliseconds: Double {
        Double(components.attoseconds) / 1e15 + Double(components.seconds) * 1e3
    }
}
