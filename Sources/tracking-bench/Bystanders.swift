import Foundation
import ThereminCore
import ThereminSession
import ThereminTestSupport
import ThereminTracking
import ThereminVideo

/// The player lock on the bystander scenes (issue 43): each photo pair of `BystanderScene` tracked offline as
/// `--input` tracks a file, with the lock and without it. Prints the frames where the bystander alone sounds, the
/// frames with both hands in view that follow anything but the player, how many frames the returning hand takes to
/// sound, and what the lock costs a frame beside the tracker.
func reportBystanders(corpus: Corpus, models: ModelFiles) throws {
    print("")
    print("player lock on the bystander scenes (\(BystanderScene.frameCount) frames at 30 fps each)")
    let header = ["player / bystander", "lock", "alone sounds", "both: off player", "return", "leap",
                  "ms playing/away", "lock us"]
    print(header.map { $0.padding(toLength: 19, withPad: " ", startingAt: 0) }.joined())
    for pair in BystanderScene.photoPairs {
        let scene = try bystanderScene(pair, corpus: corpus)
        for locked in [true, false] {
            let figures = try BystanderFigures.measure(scene, models: models, locked: locked)
            let cells = ["\(pair.0.suffix(8)) / \(pair.1.suffix(8))", locked ? "on" : "off",
                         percent(figures.aloneSounding), percent(figures.offPlayer),
                         figures.returnFrames.map { "\($0) fr, \(Int(Double($0) / BystanderScene.rate * 1000)) ms" } ?? "never",
                         figures.leapHeard ? "next frame" : "missed",
                         String(format: "%.1f / %.1f", figures.playingMs, figures.awayMs),
                         locked ? String(format: "%.1f", figures.lockMicroseconds) : "-"]
            print(cells.map { $0.padding(toLength: 19, withPad: " ", startingAt: 0) }.joined())
        }
    }
}

/// Writes each photo pair's scene as an H.264 clip into `folder` (bystander-1.mp4, ...), for the soak and for
/// playing through the fake camera.
func writeBystanderScenes(corpus: Corpus, to folder: URL) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (index, pair) in BystanderScene.photoPairs.enumerated() {
        let video = folder.appendingPathComponent("bystander-\(index + 1).mp4")
        try bystanderScene(pair, corpus: corpus).writeVideo(to: video)
        print(video.path)
    }
}

/// The scene of a photo pair of `hands_gt/`.
private func bystanderScene(_ pair: (String, String), corpus: Corpus) throws -> BystanderScene {
    func hand(_ name: String) throws -> BystanderScene.Hand {
        let base = corpus.root.appendingPathComponent("hands_gt/\(name)")
        guard let photo = try ImageSource(path: base.appendingPathExtension("jpg").path).nextFrame() else {
            throw BenchError("\(name).jpg holds no image")
        }
        return try BystanderScene.Hand(photo: photo, groundTruth: Data(contentsOf: base.appendingPathExtension("json")))
    }
    return BystanderScene(player: try hand(pair.0), bystander: try hand(pair.1))
}

private func percent(_ fraction: (Int, Int)) -> String {
    String(format: "%d/%d (%.1f %%)", fraction.0, fraction.1, 100 * Double(fraction.0) / Double(max(fraction.1, 1)))
}

/// One scene's figures.
struct BystanderFigures {
    var aloneSounding: (Int, Int)
    var offPlayer: (Int, Int)
    var returnFrames: Int?
    var leapHeard: Bool
    /// The tracker's median milliseconds a frame while the player's hand is in view, and while it is away.
    var playingMs: Double
    var awayMs: Double
    var lockMicroseconds: Double

    /// Where the playing fingertip may be from the player's true one (normalized).
    static let onThePlayer = 0.05

    static func measure(_ scene: BystanderScene, models: ModelFiles, locked: Bool) throws -> BystanderFigures {
        let settings = PlayerLock.Settings(hands: 1, trackerSlots: 3)
        let tracker = try HandTracker(models: models, options: TrackerOptions(maxHands: locked ? settings.trackerSlots : 1))
        var lock = PlayerLock(settings: settings)
        if locked { tracker.search(lock.initialSearch) }
        var tracked: [HandsFrame] = []
        var played: [HandsFrame] = []
        let source = BystanderScene.Source(scene)
        var milliseconds: [Double] = []
        while let frame = try source.nextFrame() {
            let start = DispatchTime.now().uptimeNanoseconds
            let hands = try tracker.hands(in: frame)
            milliseconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            tracked.append(hands)
            guard locked else {
                played.append(hands)
                continue
            }
            let decision = lock.choose(hands)
            tracker.search(decision.search)
            played.append(decision.played)
        }
        func median(_ indices: [Int]) -> Double {
            let sorted = indices.map { milliseconds[$0] }.sorted()
            return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        }
        func follows(_ index: Int) -> Bool {
            guard let truth = scene.playerFingertip(index), played[index].primary.present else { return false }
            return hypot(played[index].primary.x - truth.x, played[index].primary.y - truth.y) < onThePlayer
        }
        func frames(_ part: BystanderScene.Part) -> [Int] {
            Array(BystanderScene.parts.first { $0.part == part }?.frames ?? 0..<0)
        }
        let alone = frames(.bystanderAlone)
        let both = frames(.bystanderEnters) + frames(.passingClose).dropFirst(3) + frames(.leap)
        let back = frames(.passingClose).first ?? 0
        // The lock alone over the tracked frames, many times: what it adds to a frame.
        var lockSeconds = 0.0
        if locked {
            let repeats = 200
            let lockStart = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<repeats {
                var again = PlayerLock(settings: settings)
                for hands in tracked { _ = again.choose(hands) }
            }
            lockSeconds = Double(DispatchTime.now().uptimeNanoseconds - lockStart) / 1e9 / Double(repeats * tracked.count)
        }
        return BystanderFigures(aloneSounding: (alone.filter { played[$0].primary.present }.count, alone.count),
                                offPlayer: (both.filter { !follows($0) }.count, both.count),
                                returnFrames: (back..<(back + 60)).first(where: follows).map { $0 - back },
                                leapHeard: follows(301),
                                playingMs: median(tracked.indices.filter { scene.playerFingertip($0) != nil }),
                                awayMs: median(alone), lockMicroseconds: lockSeconds * 1e6)
    }
}
