import ThereminCore
import ThereminSession
import XCTest

/// The player lock as a pure function: frames of hands in (tracker slots), the playing hands and the tracker's next
/// search out.
final class PlayerLockTests: XCTestCase {
    private let rate = 30.0

    /// A hand in the mirrored view with its fingertip at (x, y) and a wrist-to-knuckle size of `size`.
    private func hand(_ x: Double, _ y: Double, at t: Double, size: Double = 0.15, acquired: Bool = false) -> HandSample {
        var landmarks = Array(repeating: NormalizedPoint(x: x, y: y + size), count: 21)
        landmarks[9] = NormalizedPoint(x: x, y: y + size * 0.2)
        landmarks[0] = NormalizedPoint(x: x, y: y + size * 1.2)
        landmarks[8] = NormalizedPoint(x: x, y: y)
        return HandSample(t: t, x: x, y: y, present: true, landmarks: landmarks, acquired: acquired)
    }

    /// A frame of tracker slots at frame `index`.
    private func frame(_ index: Int, _ slots: [HandSample?]) -> HandsFrame {
        let t = Double(index) / rate
        return HandsFrame(t: t, hands: slots.map { $0 ?? .absent(at: t) })
    }

    private func time(_ index: Int) -> Double { Double(index) / rate }

    /// The player plays alone at (0.3, 0.4) with a small vibrato for `frames` frames from `start`.
    private func playAlone(_ lock: inout PlayerLock, from start: Int = 0, frames: Int = 60) {
        for index in start..<(start + frames) {
            let y = 0.4 + 0.05 * sin(Double(index) / 5)
            _ = lock.choose(frame(index, [hand(0.3, y, at: time(index), acquired: index == start)]))
        }
    }

    func testTheFirstHandPlaysAndABiggerNearerOneDoesNotTakeOver() throws {
        var lock = PlayerLock()
        playAlone(&lock)
        // A bigger hand right beside the player's is found while the player plays.
        let decision = lock.choose(frame(60, [hand(0.31, 0.41, at: time(60)),
                                              hand(0.38, 0.42, at: time(60), size: 0.3, acquired: true)]))
        XCTAssertEqual(decision.played.primary.x, 0.31, accuracy: 1e-9)
        XCTAssertEqual(decision.ignored.map(\.reason), [.playerPlaying])
        XCTAssertEqual(decision.ignored.first?.slot, 1)
        // While the player's hand is held, the other is let go and nothing is looked for.
        XCTAssertEqual(decision.search.release, [1])
        XCTAssertGreaterThanOrEqual(decision.search.detectorInterval, 1000)
    }

    func testAHandOutsideThePlayersAreaIsSilentWhileThePlayerIsAway() throws {
        var lock = PlayerLock()
        playAlone(&lock)
        // The player's hand leaves; a bystander's is found at the other side of the picture.
        var index = 60
        let first = lock.choose(frame(index, [nil, hand(0.85, 0.5, at: time(index), size: 0.3, acquired: true)]))
        XCTAssertFalse(first.played.primary.present)
        XCTAssertEqual(first.ignored.map(\.reason), [.outsideArea])
        // Looks for one hand beyond the bystander's, on every frame.
        XCTAssertEqual(first.search.hands, 2)
        XCTAssertEqual(first.search.detectorInterval, 1)
        // Around where the player played (x 0.3, y 0.35-0.45, a margin of the hand's size).
        let focus = try XCTUnwrap(first.search.focus)
        XCTAssertEqual(focus.x, 0.3, accuracy: 1e-9)
        XCTAssertEqual(focus.y, 0.4, accuracy: 0.01)
        XCTAssertEqual(focus.side, 0.4, accuracy: 0.02)
        XCTAssertTrue(first.ignored[0].line.contains("outside the player's area"), first.ignored[0].line)
        // It waves for three seconds and even walks into the player's area: it stays a bystander.
        for step in 1...90 {
            index = 60 + step
            let x = 0.85 - 0.5 * Double(step) / 90
            let decision = lock.choose(frame(index, [nil, hand(x, 0.5 + 0.1 * sin(Double(step)), at: time(index))]))
            XCTAssertFalse(decision.played.primary.present, "frame \(index)")
        }
    }

    func testThePlayersHandComingBackPlaysOnTheFrameItIsFound() throws {
        var lock = PlayerLock()
        playAlone(&lock)
        for index in 60..<150 {
            _ = lock.choose(frame(index, [nil, hand(0.85, 0.5, at: time(index), acquired: index == 60)]))
        }
        let back = lock.choose(frame(150, [hand(0.34, 0.45, at: time(150), acquired: true),
                                           hand(0.85, 0.5, at: time(150))]))
        XCTAssertTrue(back.played.primary.present)
        XCTAssertEqual(back.played.primary.x, 0.34, accuracy: 1e-9)
        XCTAssertEqual(back.ignored.map(\.slot), [1])
    }

    func testALeapTheTrackerFindsAgainPlaysWhereverItLands() throws {
        var lock = PlayerLock()
        playAlone(&lock)
        // Lost for a frame, found afresh about 0.39 away, beyond the area's margin.
        _ = lock.choose(frame(60, [nil]))
        let landed = lock.choose(frame(61, [hand(0.3, 0.75, at: time(61), size: 0.05, acquired: true)]))
        XCTAssertTrue(landed.played.primary.present)
        XCTAssertEqual(landed.played.primary.y, 0.75, accuracy: 1e-9)
        // The same place long after the hand was lost is another hand.
        var later = PlayerLock()
        playAlone(&later)
        for index in 60..<90 { _ = later.choose(frame(index, [nil])) }
        XCTAssertFalse(later.choose(frame(90, [hand(0.3, 0.75, at: time(90), size: 0.05, acquired: true)]))
            .played.primary.present)
    }

    func testTheCalibratedBoxIsThePlayersAreaFromTheStart() throws {
        let box = Calibration(pitchTop: 0.2, pitchBottom: 0.6, volumeQuiet: 0.1, volumeLoud: 0.4)
        var lock = PlayerLock(calibration: box)
        let outside = lock.choose(frame(0, [hand(0.8, 0.5, at: 0, acquired: true)]))
        XCTAssertFalse(outside.played.primary.present)
        XCTAssertEqual(outside.ignored.map(\.reason), [.outsideArea])
        let inside = lock.choose(frame(1, [hand(0.8, 0.5, at: time(1)), hand(0.45, 0.65, at: time(1), acquired: true)]))
        XCTAssertEqual(inside.played.primary.x, 0.45, accuracy: 1e-9, "within the box's margin")
    }

    func testWhileCalibratingAHandFoundAnywherePlays() throws {
        // The calibration sends the player to the picture's far corners: a hand found there is theirs.
        var lock = PlayerLock()
        playAlone(&lock)
        _ = lock.choose(frame(60, [nil]))
        lock.calibrating = true
        let corner = lock.choose(frame(70, [hand(0.95, 0.9, at: time(70), acquired: true)]))
        XCTAssertTrue(corner.played.primary.present)
        lock.calibrating = false
        _ = lock.choose(frame(80, [nil]))
        XCTAssertFalse(lock.choose(frame(120, [nil, hand(0.05, 0.05, at: time(120), acquired: true)])).played.primary.present,
                       "afterwards the area holds again")
    }

    func testTakingBackGivesTheInstrumentToTheNearestHandInView() throws {
        var lock = PlayerLock()
        playAlone(&lock)
        for index in 60..<90 {
            let decision = lock.choose(frame(index, [nil, hand(0.8, 0.3, at: time(index), size: 0.25, acquired: index == 60),
                                                     hand(0.6, 0.7, at: time(index), size: 0.1, acquired: index == 60)]))
            XCTAssertFalse(decision.played.primary.present)
        }
        lock.takeBack()
        let taken = lock.choose(frame(90, [nil, hand(0.8, 0.3, at: time(90), size: 0.25), hand(0.6, 0.7, at: time(90), size: 0.1)]))
        XCTAssertEqual(taken.played.primary.x, 0.8, accuracy: 1e-9, "the bigger, nearer hand")
        XCTAssertEqual(taken.ignored.map(\.reason), [.notChosen])
        // The old spot is no longer the player's: a hand found there after the player leaves is ignored.
        for index in 91..<120 {
            _ = lock.choose(frame(index, [nil, hand(0.8, 0.3 + 0.01 * Double(index - 91), at: time(index), size: 0.25)]))
        }
        XCTAssertFalse(lock.choose(frame(120, [hand(0.3, 0.4, at: time(120), acquired: true)])).played.primary.present)
    }

    func testAnEmptyPictureReleasesTheArea() throws {
        var lock = PlayerLock(settings: PlayerLock.Settings(releaseAfter: 2))
        playAlone(&lock)
        for index in 60..<90 { _ = lock.choose(frame(index, [nil])) }
        XCTAssertFalse(lock.choose(frame(90, [hand(0.85, 0.5, at: time(90), acquired: true)])).played.primary.present,
                       "after 1 s without a hand, a hand elsewhere is still not the player's")
        for index in 91..<160 { _ = lock.choose(frame(index, [nil])) }
        XCTAssertTrue(lock.choose(frame(160, [hand(0.85, 0.5, at: time(160), acquired: true)])).played.primary.present,
                      "after 2 s with no hand at all, the next hand plays")
    }

    func testTwoHandPlayTakesThePlayersTwoHandsNotABystanders() throws {
        var lock = PlayerLock(settings: PlayerLock.Settings(hands: 2, trackerSlots: 4))
        for index in 0..<60 {
            let decision = lock.choose(frame(index, [hand(0.3, 0.4, at: time(index), acquired: index == 0),
                                                     hand(0.6, 0.5, at: time(index), acquired: index == 0)]))
            XCTAssertEqual(decision.played.present.count, 2)
        }
        // A third hand comes in at the edge: ignored, let go.
        let third = lock.choose(frame(60, [hand(0.3, 0.4, at: time(60)), hand(0.6, 0.5, at: time(60)),
                                           hand(0.95, 0.2, at: time(60), acquired: true)]))
        XCTAssertEqual(third.played.hands.map(\.x), [0.3, 0.6])
        XCTAssertEqual(third.ignored.map(\.reason), [.playerPlaying])
        XCTAssertEqual(third.search.release, [2])
        // The volume hand drops out of view; the bystander is found again: it takes no seat.
        let away = lock.choose(frame(61, [hand(0.3, 0.4, at: time(61)), nil, hand(0.95, 0.2, at: time(61), acquired: true)]))
        XCTAssertEqual(away.played.present.map(\.x), [0.3])
        XCTAssertEqual(away.ignored.map(\.reason), [.outsideArea])
        XCTAssertEqual(away.search.hands, 3)
        XCTAssertEqual(away.search.detectorInterval, 1)
        XCTAssertNotNil(away.search.focus)
        let back = lock.choose(frame(62, [hand(0.3, 0.4, at: time(62)), hand(0.62, 0.5, at: time(62), acquired: true),
                                          hand(0.95, 0.2, at: time(62))]))
        XCTAssertEqual(back.played.hands.map(\.x), [0.3, 0.62])
    }

    func testTheSameFramesGiveTheSameDecisions() throws {
        func run() -> [PlayerLock.Decision] {
            var lock = PlayerLock()
            return (0..<120).map { index in
                let t = time(index)
                let player = index % 40 < 30 ? hand(0.3 + 0.002 * Double(index % 7), 0.4, at: t, acquired: index % 40 == 0) : nil
                let other = index > 20 ? hand(0.8, 0.5, at: t, acquired: index == 21) : nil
                return lock.choose(frame(index, [player, other]))
            }
        }
        XCTAssertEqual(run(), run())
    }
}
