import Foundation
import ThereminCore
import ThereminSession
import ThereminTestSupport
import ThereminTracking
import XCTest

/// The player lock with the real tracker on a stage with a bystander (issue 43): two corpus hands composed into a
/// clip (`BystanderScene`), tracked offline as `--input` tracks a file, the lock choosing as live play does. Offline
/// tracking has no frame budget, so the result is the same on a loaded machine.
final class BystanderSceneTests: XCTestCase {
    /// Where the playing fingertip may be from the player's true one (normalized): the tracker's own error on these
    /// photos is under 0.02.
    private let onThePlayer = 0.05

    private func scene() throws -> BystanderScene {
        func hand(_ name: String) throws -> BystanderScene.Hand {
            let tip = try Fixtures.groundTruth("hands_gt/\(name).json")[HandSample.fingertipLandmark]
            return BystanderScene.Hand(photo: try Fixtures.image("hands_gt/\(name).jpg"), fingertip: tip)
        }
        return BystanderScene(player: try hand("freihand_00000355"), bystander: try hand("freihand_00017620"))
    }

    /// The scene tracked offline; with `lock`, the lock chooses the hands as `--input` does.
    private func track(_ scene: BystanderScene, lock: Bool) throws -> [HandsFrame] {
        let settings = PlayerLock.Settings(hands: 1, trackerSlots: 3)
        let tracker = try HandTracker(models: try Fixtures.models(),
                                      options: TrackerOptions(maxHands: lock ? settings.trackerSlots : 1))
        let input = OfflineInput(source: BystanderScene.Source(scene), name: "bystander scene", tracker: tracker,
                                 playerLock: lock ? PlayerLock(settings: settings) : nil)
        return try input.track()
    }

    private func frames(of part: BystanderScene.Part) -> Range<Int> {
        BystanderScene.parts.first { $0.part == part }?.frames ?? 0..<0
    }

    private func followsPlayer(_ frame: HandsFrame, _ index: Int, _ scene: BystanderScene) -> Bool {
        guard let truth = scene.playerFingertip(index), frame.primary.present else { return false }
        return hypot(frame.primary.x - truth.x, frame.primary.y - truth.y) < onThePlayer
    }

    func testOnlyThePlayersHandPlays() throws {
        let scene = try scene()
        let played = try track(scene, lock: true)
        XCTAssertEqual(played.count, BystanderScene.frameCount)
        // The bystander alone never sounds.
        let alone = frames(of: .bystanderAlone)
        let sounding = alone.filter { played[$0].primary.present }
        XCTAssertEqual(sounding, [], "frames where the bystander alone played")
        // With both in the picture the sound follows the player's fingertip (one frame in a hundred may be off).
        let both = Array(frames(of: .bystanderEnters)) + Array(frames(of: .passingClose).dropFirst(3))
            + Array(frames(of: .leap))
        let off = both.filter { !followsPlayer(played[$0], $0, scene) }
        XCTAssertLessThanOrEqual(off.count, both.count / 100, "frames off the player's hand: \(off)")
        // The returning hand plays within three frames (100 ms at 30 fps).
        let back = frames(of: .passingClose).lowerBound
        let firstPlayed = (back..<(back + 30)).first { followsPlayer(played[$0], $0, scene) }
        XCTAssertNotNil(firstPlayed)
        XCTAssertLessThanOrEqual((firstPlayed ?? .max) - back, 3, "frames for the returning hand to play")
        // The leap is heard: the frame after it plays the new height.
        let leap = 300
        XCTAssertTrue(followsPlayer(played[leap + 1], leap + 1, scene), "the frame after the leap")
    }

    func testWithoutTheLockTheBystanderPlays() throws {
        // The scene's bystander is a hand the tracker finds: without the lock it plays while the player is away.
        let scene = try scene()
        let played = try track(scene, lock: false)
        let alone = frames(of: .bystanderAlone)
        let sounding = alone.filter { played[$0].primary.present }
        XCTAssertGreaterThan(sounding.count, alone.count / 2)
    }
}
