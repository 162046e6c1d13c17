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
        XCTAssertTrue(message.contains("90 fps at any size is not offered; it offers 30, 15 fps"), message)
        XCTAssertTrue(message.contains("--fps"), message)
    }

    /// A webcam as they come: MJPEG 60 fps at 1280x720 while YUYV gives 10 fps there and 30 at 640x480. The mode
    /// with the highest rate is set on the driver itself (through libv4l2) and decoded at half scale.
    func testTheModeWithTheHighestRateIsChosen() throws {
        let fake = try startFakeCamera { $0.modes = Self.webcamModes }
        let camera = try openCamera(fake)
        XCTAssertEqual(camera.modeChoice.summary, "MJPG 1280x720 at 60 fps")
        XCTAssertEqual(camera.sourceFormat?.description, "MJPG")
        XCTAssertEqual(camera.cameraSize, PixelSize(width: 1280, height: 720))
        XCTAssertEqual(camera.size, PixelSize(width: 640, height: 360), "decoded at half scale")
        XCTAssertEqual(camera.nominalFrameRate, 60)
        let status = try fake.status()
        XCTAssertEqual(status["format"], "MJPG")
        XCTAssertEqual(status["size"], "1280x720")
        XCTAssertEqual(status["fps"], "60")
        let frame = try XCTUnwrap(camera.nextFrame())
        XCTAssertEqual(frame.width, 640)
        XCTAssertEqual(frame.height, 360)
    }

    /// `--size`, `--fps` and `--camera-format` restrict the choice: at 640x480 only YUYV is offered; 10 fps at 1280x720 only in YUYV.
    func testRequestedSizeOrRatePicksTheFormatThatOffersIt() throws {
        let fake = try startFakeCamera { $0.modes = Self.webcamModes }
        let vga = try openCamera(fake) { $0.size = PixelSize(width: 640, height: 480) }
        XCTAssertEqual(vga.modeChoice.summary, "YUYV 640x480 at 30 fps")
        XCTAssertEqual(vga.sourceFormat?.description, "YUYV")
        XCTAssertEqual(try fake.status()["fps"], "30")
        vga.close()

        let slow = try openCamera(fake) {
            $0.size = PixelSize(width: 1280, height: 720)
            $0.framesPerSecond = 10
        }
        XCTAssertEqual(slow.sourceFormat?.description, "YUYV")
        XCTAssertEqual(slow.nominalFrameRate, 10)
        XCTAssertEqual(slow.size, PixelSize(width: 1280, height: 720), "libv4l2's conversion keeps the size")
        let status = try fake.status()
        XCTAssertEqual(status["format"], "YUYV")
        XCTAssertEqual(status["fps"], "10")
        slow.close()

        let yuyv = try openCamera(fake) { $0.format = FourCC("YUYV") }
        XCTAssertEqual(yuyv.modeChoice.summary, "YUYV 640x480 at 30 fps", "YUYV's fastest mode at the tracker's size")
        XCTAssertEqual(try fake.status()["format"], "YUYV")
    }

    static let webcamModes = [FakeCamera.Options.Mode("YUYV", 640, 480, [30, 15]),
                              FakeCamera.Options.Mode("YUYV", 1280, 720, [10]),
                              FakeCamera.Options.Mode("MJPG", 1280, 720, [60, 30])]

    func testAFormatLibv4l2CannotConvertIsNoUsableFormat() throws {
        let fake = try startFakeCamera { $0.pixelFormats = ["H264"] }
        let error = assertV4L2Error(.noUsableFormat) { try openCamera(fake) }
        XCTAssertTrue(error?.description.contains("cannot convert its formats (H264) to BGR") ?? false,
                      error?.description ?? "")
    }
}
