import XCTest
import ThereminCore

/// Which hand and which coordinate MPE's slide reads.
final class SlideAxisTests: XCTestCase {
    func testAxesReadTheirHand() {
        let right = HandSample(t: 0, x: 0.8, y: 0.25, present: true, handedness: .right)
        let left = HandSample(t: 0, x: 0.1, y: 0.6, present: true, handedness: .left)
        let frame = HandsFrame(t: 0, hands: [right, left])
        let two = HandMode.two(TwoHandSettings(leftHanded: false))
        // Right-handed: the right hand plays pitch, the left volume. Height is 1 − y (up is more).
        XCTAssertEqual(SlideAxis.pitchX.value(in: frame, handMode: two), 0.8)
        XCTAssertEqual(SlideAxis.volumeX.value(in: frame, handMode: two), 0.1)
        XCTAssertEqual(SlideAxis.volumeY.value(in: frame, handMode: two) ?? -1, 0.4, accuracy: 1e-12)
        XCTAssertNil(SlideAxis.off.value(in: frame, handMode: two))
        XCTAssertNil(SlideAxis.volumeY.value(in: HandsFrame(t: 0, hands: [right]), handMode: two), "no volume hand")
        XCTAssertEqual(SlideAxis.volumeY.value(in: HandsFrame(t: 0, hands: [right]), handMode: .one) ?? -1, 0.75,
                       accuracy: 1e-12, "one hand: its own height")
        let outside = HandSample(t: 0, x: 1.3, y: -0.2, present: true)
        XCTAssertEqual(SlideAxis.pitchX.value(in: HandsFrame(t: 0, hands: [outside]), handMode: .one), 1, "clamped")
    }
}
