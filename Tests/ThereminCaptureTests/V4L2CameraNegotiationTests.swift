import ThereminCapture
import ThereminTestSupport
import XCTest

/// Format negotiation against the fake camera: what was asked is what the driver was set to and what frames have.
final class V4L2CameraNegotiationTests: XCTestCase {
    func testDefaultsTo640x480AtTheHighestRateInBGR() throws {
        let fake = try startFakeCamera { $0.rates = [60, 30, 15] }
        let camera = try openCamera(fake)

        XCTAssertEqual(camera.size, PixelSize(width: 640, height: 480))
        XCTAssertEqual(camera.nominalFrameRate, 60)
        XCTAssertEqual(camera.bytesPerRow, 640 * 3)
        XCTAssertEqual(camera.sourceFormat?.description, "YUYV", "libv4l2 converts from the camera's YUYV")
        let status = try fake.status()
        XCTAssertEqual(status["size"], "640x480")
        XCTAssertEqual(status["fps"], "60")
        XCTAssertEqual(status["format"], "YUYV")

        let frame = try XCTUnwrap(camera.nextFrame())
        XCTAssertEqual(frame.width, 640)
        XCTAssertEqual(frame.height, 480)
        XCTAssertEqual(frame.pixels.count, frame.bytesPerRow * frame.height)
    }

    func testRequestedSizeAndRateAreWhatTheDriverIsSetTo() throws {
        let fake = try startFakeCamera { $0.rates = [60, 30, 15] }
        let camera = try openCamera(fake) {
            $0.size = PixelSize(width: 1280, height: 720)
            $0.framesPerSecond = 15
        }

        XCTAssertEqual(camera.size, PixelSize(width: 1280, height: 720))
        XCTAssertEqual(camera.nominalFrameRate, 15)
        let status = try fake.status()
        XCTAssertEqual(status["size"], "1280x720")
        XCTAssertEqual(status["fps"], "15")
        let frame = try XCTUnwrap(camera.nextFrame())
        XCTAssertEqual(frame.width, 1280)
        XCTAssertEqual(frame.height, 720)
    }

    func testANativeBGRFormatIsUsedWithoutConversion() throws {
        let fake = try startFakeCamera { $0.pixelFormats = ["YUYV", "BGR3"] }
        let camera = try openCamera(fake)
        XCTAssertEqual(camera.sourceFormat?.description, "BGR3")
        XCTAssertEqual(try fake.status()["format"], "BGR3")
    }

    func testASizeTheCameraDoesNotOfferIsRefusedWithTheSizesItDoes() throws {
        let fake = try startFakeCamera()
        let error = assertV4L2Error(.noUsableFormat) {
            try openCamera(fake) { $0.size = PixelSize(width: 1024, height: 768) }
        }
        let message = error?.description ?? ""
        XCTAssertTrue(message.contains("1024x768 is not offered"), message)
        XCTAssertTrue(message.contains("640x480, 1280x720"), message)
        XCTAssertTrue(message.contains("--size"), message)
    }

    func testARateTheCameraDoesNotOfferIsRefusedWithTheRatesItDoes() throws {
        let fake = try startFakeCamera { $0.rates = [30, 15] }
        let error = assertV4L2Error(.noUsableFormat) {
            try openCamera(fake) { $0.framesPerSecond = 90 }
        }
        let message = error?.description ?? ""
        XCTAssertTrue(message.contains("90 fps at 640x480 is not offered; it offers 30, 15 fps"), message)
        XCTAssertTrue(message.contains("--fps"), message)
    }

    func testAFormatLibv4l2CannotConvertIsNoUsableFormat() throws {
        let fake = try startFakeCamera { $0.pixelFormats = ["H264"] }
        let error = assertV4L2Error(.noUsableFormat) { try openCamera(fake) }
        XCTAssertTrue(error?.description.contains("cannot convert its formats (H264) to BGR") ?? false,
                      error?.description ?? "")
    }
}
