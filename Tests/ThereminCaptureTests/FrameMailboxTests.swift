@testable import ThereminCapture
import Foundation
import ThereminCore
import XCTest

/// The one-frame mailbox between the capture thread and the tracking thread: the newest frame wins, and a wait for
/// one ends at its timeout on the monotonic clock, or as soon as a frame comes.
final class FrameMailboxTests: XCTestCase {
    private func frame(_ sequence: UInt64) -> Frame {
        Frame(width: 1, height: 1, bytesPerRow: 3, pixels: [0, 0, 0], captureTime: Double(sequence), sequence: sequence)
    }

    func testTheNewestFrameWinsAndTheOneReplacedIsCounted() {
        let mailbox = FrameMailbox()
        mailbox.post(frame(1), overhead: 0)
        mailbox.post(frame(2), overhead: 0)
        guard case .frame(let taken) = mailbox.take(timeout: 1) else { return XCTFail("a frame was waiting") }
        XCTAssertEqual(taken.sequence, 2)
        XCTAssertEqual(mailbox.statistics.framesDropped, 1)
    }

    func testAWaitEndsAtItsTimeoutWithoutAFrame() {
        let mailbox = FrameMailbox()
        let start = MonotonicClock.now()
        guard case .timedOut = mailbox.take(timeout: 0.6) else { return XCTFail("nothing was posted") }
        // Only a lower bound: a loaded machine may wake the waiter late, never early.
        XCTAssertGreaterThanOrEqual(MonotonicClock.now() - start, 0.6, "waited the whole timeout, in short waits")
    }

    func testAFramePostedDuringAWaitEndsIt() {
        let mailbox = FrameMailbox()
        let poster = Thread { [mailbox] in
            usleep(100_000)
            mailbox.post(Frame(width: 1, height: 1, bytesPerRow: 3, pixels: [0, 0, 0], captureTime: 7, sequence: 7),
                         overhead: 0)
        }
        poster.start()
        guard case .frame(let taken) = mailbox.take(timeout: 30) else { return XCTFail("the posted frame ends the wait") }
        XCTAssertEqual(taken.sequence, 7)
    }
}
