import ThereminCore
import ThereminTracking
import XCTest

/// The classical skin-colour tracker on drawn pictures whose fingertip position is known.
final class ClassicTrackerTests: XCTestCase {
    // Skin in BGR (Y 161, Cr 155, Cb 105: inside the YCrCb skin range) on a blue background (Cr 93: outside it).
    private let skin: (UInt8, UInt8, UInt8) = (120, 150, 200)

    /// A palm (x 120..<200, y 140..<220) with one raised finger (x 150..<166, y 60..<140) on 320x240.
    private func drawnHand() -> Frame {
        var frame = Fixtures.solidFrame(width: 320, height: 240, blue: 200, green: 80, red: 30)
        Fixtures.fill(&frame, x: 120..<200, y: 140..<220, blue: skin.0, green: skin.1, red: skin.2)
        Fixtures.fill(&frame, x: 150..<166, y: 60..<140, blue: skin.0, green: skin.1, red: skin.2)
        return frame
    }

    func testTopmostPointOfTheSkinBlobIsTheFingertip() throws {
        let tracker = try HandTracker(classicWithFaceCascade: nil, options: TrackerOptions(mirrored: false))
        XCTAssertEqual(tracker.kind, .classic)
        XCTAssertFalse(tracker.masksFaces)
        let sample = try tracker.process(drawnHand())
        XCTAssertTrue(sample.present)
        XCTAssertEqual(sample.y * 240, 60.5, accuracy: 3)
        XCTAssertGreaterThanOrEqual(sample.x * 320, 149)
        XCTAssertLessThanOrEqual(sample.x * 320, 167)
        XCTAssertTrue(sample.landmarks.isEmpty)
        XCTAssertNil(sample.handedness)
        XCTAssertGreaterThan(sample.confidence, 0)
    }

    func testMirroredViewFlipsX() throws {
        let camera = try HandTracker(classicWithFaceCascade: nil, options: TrackerOptions(mirrored: false))
        let selfie = try HandTracker(classicWithFaceCascade: nil, options: TrackerOptions(mirrored: true))
        let a = try camera.process(drawnHand())
        let b = try selfie.process(drawnHand())
        XCTAssertEqual(b.x, 1 - a.x, accuracy: 1e-6)
        XCTAssertEqual(b.y, a.y, accuracy: 1e-6)
    }

    func testNoSkinNoHand() throws {
        let tracker = try HandTracker(classicWithFaceCascade: nil)
        let sample = try tracker.process(Fixtures.solidFrame(width: 320, height: 240, blue: 200, green: 80, red: 30))
        XCTAssertFalse(sample.present)
        // A speck of skin below the minimum blob size is noise, not a hand.
        var speck = Fixtures.solidFrame(width: 320, height: 240, blue: 200, green: 80, red: 30)
        Fixtures.fill(&speck, x: 10..<16, y: 10..<16, blue: skin.0, green: skin.1, red: skin.2)
        XCTAssertFalse(try tracker.process(speck).present)
    }

    func testDebianFaceCascadeIsUsedWhenInstalled() throws {
        guard HandTracker.defaultFaceCascadeIfInstalled() != nil else {
            throw XCTSkip("opencv-data not installed: \(HandTracker.defaultFaceCascade) absent")
        }
        let tracker = try HandTracker(classicWithFaceCascade: HandTracker.defaultFaceCascade)
        XCTAssertTrue(tracker.masksFaces)
        XCTAssertTrue(try tracker.process(drawnHand()).present)
    }
}
