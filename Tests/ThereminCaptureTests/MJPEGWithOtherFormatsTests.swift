import ThereminCapture
import ThereminTestSupport
import XCTest

/// A camera offering MJPEG beside YUYV at the same sizes and rates: the mode stays libv4l2's choice for BGR, which
/// is YUYV whatever the order the driver lists them in, so TurboJPEG only takes over where MJPEG is the camera's
/// mode (issue 12's item 2 is to choose modes for frame rate).
final class MJPEGWithOtherFormatsTests: XCTestCase {
    func testYUYVStaysTheModeWhenOfferedBesideMJPEG() throws {
        for formats in [["YUYV", "MJPG"], ["MJPG", "YUYV"]] {
            let fake = try startFakeCamera { $0.pixelFormats = formats }
            let camera = try openCamera(fake)
            XCTAssertEqual(camera.sourceFormat?.description, "YUYV", "\(formats)")
            XCTAssertEqual(camera.size, camera.cameraSize, "no reduced-scale decoding on the libv4l2 path")
            let frame = try XCTUnwrap(camera.nextFrame())
            let found = try XCTUnwrap(MovingSquare.locate(in: frame))
            XCTAssertEqual(found.square, MovingSquare.expected(sequence: frame.sequence, width: 640, height: 480),
                           "\(formats)")
            camera.close()
            fake.stop()
        }
    }
}
