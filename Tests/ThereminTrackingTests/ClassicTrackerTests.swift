import ThereminCore
import ThereminTracking
import XCTest

/// The classical skin-colour tracker on drawn pictures whose fingertip position is known.
final class ClassicTrackerTests: XCTestCase {
    // Skin in BGR (Y 161, Cr 155, Cb 105: inside the YCrCb skin range, also after the tracker's grey-world
    // balance) on a neutral grey background (Cr = Cb = 128: outside it).
    private let skin: (UInt8, UInt8, UInt8) = (120, 150, 200)

    private func background() -> Frame {
        Fixtures.solidFrame(width: 320, height: 240, blue: 100, green: 100, red: 100)
    }

    /// A palm (x 120..<200, y 140..<220) with one raised finger (x 150..<166, y 60..<140) on 320x240.
    private func drawnHand() -> Frame {
        var frame = background()
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
        XCTAssertNil(sample.z, "no depth without landmarks")
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
        let sample = try tracker.process(background())
        XCTAssertFalse(sample.present)
        // A speck of skin below the minimum blob size is noise, not a hand.
        var speck = background()
        Fixtures.fill(&speck, x: 10..<16, y: 10..<16, blue: skin.0, green: skin.1, red: skin.2)
        XCTAssertFalse(try tracker.process(speck).present)
    }

    func testBlobsWithoutARaisedFingerAreNotHands() throws {
        let tracker = try HandTracker(classicWithFaceCascade: nil)
        // A broad blob (a head, a patch of wall): its top is as wide as the blob.
        var broad = background()
        Fixtures.fill(&broad, x: 100..<220, y: 80..<200, blue: skin.0, green: skin.1, red: skin.2)
        XCTAssertFalse(try tracker.process(broad).present)
        // The drawn hand running off the top edge: the fingertip is not in the picture.
        var cut = drawnHand()
        Fixtures.fill(&cut, x: 150..<166, y: 0..<60, blue: skin.0, green: skin.1, red: skin.2)
        XCTAssertFalse(try tracker.process(cut).present)
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
