import Foundation
import Synchronization
import ThereminCore
import ThereminTestSupport
import ThereminVideo
import XCTest

/// The player lock end to end (issue 43): the bystander scene encoded as a video, tracked by the built binary with
/// `--input`, the lock on (the default) and off, offline and live.
final class PlayerLockCommandTests: BinaryTestCase {
    /// The scene of two corpus hands as an H.264 clip at 30 fps, made once for the class.
    private static let made = Mutex<(video: URL, scene: BystanderScene)?>(nil)

    private func sceneVideo() throws -> (URL, BystanderScene) {
        if let made = Self.made.withLock({ $0 }) { return made }
        let corpus = try TestMedia.requireCorpus()
        try TestMedia.requireFFmpeg()
        func hand(_ name: String) throws -> BystanderScene.Hand {
            let base = corpus.appendingPathComponent("hands_gt/\(name)")
            let photo = try XCTUnwrap(try ImageSource(path: base.appendingPathExtension("jpg").path).nextFrame())
            return try BystanderScene.Hand(photo: photo, groundTruth: Data(contentsOf: base.appendingPathExtension("json")))
        }
        let (player, bystander) = BystanderScene.photoPairs[0]
        let scene = BystanderScene(player: try hand(player), bystander: try hand(bystander))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("player-lock-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let video = folder.appendingPathComponent("scene.mp4")
        try scene.writeVideo(to: video)
        Self.made.withLock { $0 = (video, scene) }
        return (video, scene)
    }

    override class func tearDown() {
        if let video = made.withLock({ $0?.video }) {
            try? FileManager.default.removeItem(at: video.deletingLastPathComponent())
        }
        made.withLock { $0 = nil }
        super.tearDown()
    }

    private func environment() -> [String: String] {
        ["XDG_CONFIG_HOME": directory.appendingPathComponent("config").path]
    }

    private func frames(of part: BystanderScene.Part) -> Range<Int> {
        BystanderScene.parts.first { $0.part == part }?.frames ?? 0..<0
    }

    func testTheRecordingHoldsThePlayersHandAndNotTheBystanders() throws {
        let (video, scene) = try sceneVideo()
        let locked = directory.appendingPathComponent("locked.csv").path
        let run = try ProcessRunner.run(binary, ["--input", video.path, "--record", locked], environment: environment())
        XCTAssertEqual(run.status, 0, run.stderr)
        let samples = try TraceReader.read(path: locked).samples
        XCTAssertEqual(samples.count, BystanderScene.frameCount)
        guard samples.count == BystanderScene.frameCount else { return }
        XCTAssertEqual(frames(of: .bystanderAlone).filter { samples[$0].present }, [], "the bystander alone sounded")
        let both = frames(of: .passingClose).dropFirst(3)
        let onPlayer = both.filter { index in
            scene.playerFingertip(index).map { hypot(samples[index].x - $0.x, samples[index].y - $0.y) < 0.05 } ?? false
        }
        XCTAssertGreaterThanOrEqual(onPlayer.count, both.count - both.count / 100, "frames on the player's hand")

        // Turned off, the bystander plays while the player is away, as before the lock.
        let open = directory.appendingPathComponent("open.csv").path
        let unlocked = try ProcessRunner.run(binary, ["--input", video.path, "--record", open, "--player-lock", "off"],
                                             environment: environment())
        XCTAssertEqual(unlocked.status, 0, unlocked.stderr)
        let openSamples = try TraceReader.read(path: open).samples
        XCTAssertGreaterThan(frames(of: .bystanderAlone).filter { openSamples.indices.contains($0) && openSamples[$0].present }.count,
                             frames(of: .bystanderAlone).count / 2)
    }

    func testLivePlaySaysWhyAHandIsNotPlaying() throws {
        let (video, _) = try sceneVideo()
        // Into the tests' ALSA file device (the process's ALSA configuration is the tests' own, which has no `null`).
        _ = ALSATestEnvironment.shared
        let sound = directory.appendingPathComponent("live.raw").path
        let run = try ProcessRunner.run(binary, ["--input", video.path, "-v", "--no-preview",
                                                 "--audio-device", "capturefile:FILE=\(sound)"],
                                        environment: environment())
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("player lock:") }
        XCTAssertTrue(lines.contains { $0.contains("is not playing: it came in outside the player's area") }, run.stderr)
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("player lock: the hand at x ") }, "\(lines)")
    }

    func testABadValueIsOneLineAndExitTwo() throws {
        let run = try ProcessRunner.run(binary, ["--player-lock", "maybe", "--no-preview"],
                                        environment: environment())
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("--player-lock 'maybe' is not on or off; use on or off"), run.stderr)
    }
}
