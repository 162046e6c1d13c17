import ThereminCore
import XCTest

final class BreakUpNoticeTests: XCTestCase {
    func testTheNoticeComesOnceWhenUnderrunsPileUpWithinTheWindow() {
        var notice = BreakUpNotice(periodMilliseconds: 5, bufferFrames: 720, count: 10, window: 2)
        XCTAssertNil(notice.update(underruns: 0, at: 0))
        XCTAssertNil(notice.update(underruns: 3, at: 0.5), "a few at start-up say nothing")
        XCTAssertNil(notice.update(underruns: 9, at: 1.9), "9 within 2 s")
        XCTAssertEqual(notice.update(underruns: 10, at: 2.0), notice.message, "10 within 2 s (since 0 at 0)")
        XCTAssertNil(notice.update(underruns: 40, at: 3), "once only")
    }

    func testSparseUnderrunsNeverAddUpToTheNotice() {
        var notice = BreakUpNotice(periodMilliseconds: 5, bufferFrames: 720, count: 10, window: 2)
        for second in 0..<60 {
            XCTAssertNil(notice.update(underruns: second * 4, at: Double(second)), "4 a second is 8 per window")
        }
    }

    func testTheMessageNamesTheBufferAndWhatToDo() {
        let message = BreakUpNotice(periodMilliseconds: 5, bufferFrames: 720).message
        XCTAssertTrue(message.contains("720 frames (3 periods of 5 ms)"), message)
        XCTAssertTrue(message.contains("--period 12"), message)
        XCTAssertTrue(message.contains("pw-top"), message)
        XCTAssertTrue(BreakUpNotice(periodMilliseconds: 2.5, bufferFrames: 360).message.contains("3 periods of 2.5 ms"))
        let adapting = BreakUpNotice(periodMilliseconds: 128.0 / 48, bufferFrames: 512, periods: 4).message
        XCTAssertTrue(adapting.contains("512 frames (4 periods of 2.7 ms)"), adapting)
    }
}
