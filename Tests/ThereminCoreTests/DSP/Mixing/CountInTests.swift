import XCTest
import ThereminCore

/// The play-along's count-in: a bar of clicks on the beats, played as the backing's lead-in, the backing straight
/// after it whatever the block size.
final class CountInTests: XCTestCase {
    func testClicksFallOnTheBeatsAndTheBarIsWhole() {
        let rate = 48_000.0
        let clicks = CountIn.render(beats: 3, seconds: 0.5, sampleRate: rate)
        XCTAssertEqual(clicks.count, 72_000, "three beats of half a second")
        for beat in 0..<3 {
            let start = beat * 24_000
            XCTAssertGreaterThan(clicks[start..<(start + 480)].map { abs($0) }.max() ?? 0, 0.2, "click \(beat + 1)")
            XCTAssertEqual(clicks[(start + 2_400)..<(start + 24_000)].map { abs($0) }.max() ?? 1, 0, "silent between clicks")
        }
    }

    func testTheBackingFollowsTheLeadInAcrossBlocks() {
        let leadIn = BackingTrack(left: [1, 1, 1, 1, 1], right: [2, 2, 2, 2, 2], loops: false, crossfadeFrames: 0)
        let track = BackingTrack(left: [5, 6, 7], right: [5, 6, 7], loops: false, crossfadeFrames: 0)
        var player = BackingPlayer(track: track, volume: 1).leading(with: leadIn)
        var left = [Float](repeating: 0, count: 12), right = left
        left.withUnsafeMutableBufferPointer { l in
            right.withUnsafeMutableBufferPointer { r in
                guard let l = l.baseAddress, let r = r.baseAddress else { return }
                player.mix(left: l, right: r, frames: 3)
                player.mix(left: l + 3, right: r + 3, frames: 4)
                player.mix(left: l + 7, right: r + 7, frames: 5)
            }
        }
        XCTAssertEqual(left, [1, 1, 1, 1, 1, 5, 6, 7, 0, 0, 0, 0])
        XCTAssertEqual(right.prefix(6), [2, 2, 2, 2, 2, 5])
        XCTAssertTrue(player.isFinished)
        var silent = BackingPlayer.silence().leading(with: leadIn)
        XCTAssertFalse(silent.isFinished, "the lead-in still to play")
        var out = [Float](repeating: 0, count: 5), outRight = out
        out.withUnsafeMutableBufferPointer { l in
            outRight.withUnsafeMutableBufferPointer { r in
                if let l = l.baseAddress, let r = r.baseAddress { silent.mix(left: l, right: r, frames: 5) }
            }
        }
        XCTAssertEqual(out, [1, 1, 1, 1, 1])
        XCTAssertTrue(silent.isFinished)
    }
}
