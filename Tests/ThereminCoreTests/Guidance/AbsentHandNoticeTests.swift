import ThereminCore
import XCTest

final class AbsentHandNoticeTests: XCTestCase {
    func testTheNoticeAppearsAfterTheDelayAndGoesWhenTheHandReturns() {
        var notice = AbsentHandNotice(delay: 3)
        XCTAssertNil(notice.update(handPresent: true, at: 10))
        XCTAssertNil(notice.update(handPresent: false, at: 10.5))   // missing since 10.5
        XCTAssertNil(notice.update(handPresent: false, at: 13.4))
        XCTAssertEqual(notice.update(handPresent: false, at: 13.5), AbsentHandNotice.message)
        XCTAssertEqual(notice.update(handPresent: false, at: 20), AbsentHandNotice.message)
        XCTAssertNil(notice.update(handPresent: true, at: 20.1))
        XCTAssertNil(notice.update(handPresent: false, at: 21), "the count starts again after the hand returns")
        XCTAssertEqual(notice.update(handPresent: false, at: 24), AbsentHandNotice.message)
    }

    func testTheMessageSaysWhatToDo() {
        XCTAssertTrue(AbsentHandNotice.message.contains("closer"))
        XCTAssertTrue(AbsentHandNotice.message.contains("theremin --calibrate"))
    }
}
