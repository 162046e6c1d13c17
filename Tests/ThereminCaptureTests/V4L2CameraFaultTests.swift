import Foundation
import ThereminCapture
import ThereminTestSupport
import XCTest

/// The documented errors: busy, missing, not a camera, unplugged, silent.
final class V4L2CameraFaultTests: XCTestCase {
    func testABusyDeviceNamesTheFuserHint() throws {
        let fake = try startFakeCamera { $0.busy = true }
        let error = assertV4L2Error(.busy) { try openCamera(fake) }
        XCTAssertEqual(error?.errno, EBUSY)
        XCTAssertEqual(error?.device, fake.devicePath)
        let message = error?.description ?? ""
        XCTAssertTrue(message.contains("camera \(fake.devicePath) is busy"), message)
        XCTAssertTrue(message.contains("`fuser \(fake.devicePath)`"), message)
        XCTAssertTrue(message.contains("--camera"), message)
    }

    func testACameraStreamingToAnotherProgramIsBusy() throws {
        let fake = try startFakeCamera()
        let first = try openCamera(fake)
        _ = try first.nextFrame()
        let error = assertV4L2Error(.busy) { try openCamera(fake) }
        XCTAssertTrue(error?.description.contains("fuser") ?? false)
        XCTAssertNotNil(try first.nextFrame(), "the first program keeps streaming")
    }

    func testAMissingDeviceIsNotFound() throws {
        let path = NSTemporaryDirectory() + "no-such-camera-\(getpid())/video7"
        let error = assertV4L2Error(.notFound) { try V4L2Camera(.init(device: path)) }
        XCTAssertEqual(error?.errno, ENOENT)
        let message = error?.description ?? ""
        XCTAssertTrue(message.contains("camera \(path) not found"), message)
        XCTAssertTrue(message.contains("--list-devices"), message)
    }

    func testAPlainFileIsNotACaptureDevice() throws {
        let path = NSTemporaryDirectory() + "not-a-camera-\(getpid())"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("hello".utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = assertV4L2Error(.notCaptureDevice) { try V4L2Camera(.init(device: path)) }
        XCTAssertTrue(error?.description.contains("\(path) is not a video capture camera") ?? false)
    }

    func testAMetadataNodeIsNotACaptureDevice() throws {
        let fake = try startFakeCamera { $0.metadata = true }
        let error = assertV4L2Error(.notCaptureDevice) { try openCamera(fake) }
        XCTAssertTrue(error?.description.contains("it is a metadata node") ?? false, error?.description ?? "")
    }

    /// Unplugged mid-stream: the stream reports it as `.unplugged`; while away the device is not found; once back,
    /// opening it again streams the pattern again.
    func testUnplugIsReportedAndReopeningWorksWhenTheDeviceReturns() throws {
        let fake = try startFakeCamera()
        let camera = try openCamera(fake)
        _ = try XCTUnwrap(camera.nextFrame())

        try fake.send("unplug")
        var lost: V4L2Error?
        for _ in 0..<10 where lost == nil {
            do { _ = try camera.nextFrame() } catch { lost = error }
        }
        let error = try XCTUnwrap(lost, "the stream reports the unplug")
        XCTAssertEqual(error.kind, .unplugged, "\(error)")
        XCTAssertTrue(error.isDeviceLost)
        XCTAssertTrue([ENODEV, EIO].contains(error.errno), "\(error)")
        XCTAssertTrue(error.description.contains("was unplugged"), error.description)
        XCTAssertThrowsError(try camera.nextFrame(), "the error stays until the camera is closed")
        camera.close()

        assertV4L2Error(.notFound) { try openCamera(fake) }

        try fake.send("plug")
        let reopened = try openCamera(fake)
        let frame = try XCTUnwrap(reopened.nextFrame())
        let found = try XCTUnwrap(MovingSquare.locate(in: frame))
        XCTAssertEqual(found.square, MovingSquare.expected(sequence: frame.sequence, width: 640, height: 480))
    }

    /// A camera that stops delivering: `nextFrame()` gives up after the timeout but the camera stays usable.
    func testASilentCameraTimesOutAndRecoversWhenFramesResume() throws {
        let fake = try startFakeCamera { $0.stallAfter = 3 }
        let camera = try openCamera(fake) { $0.frameTimeout = 0.3 }
        var timedOut: V4L2Error?
        for _ in 0..<10 where timedOut == nil {
            do { _ = try camera.nextFrame() } catch { timedOut = error }
        }
        let error = try XCTUnwrap(timedOut)
        XCTAssertEqual(error.kind, .timedOut, "\(error)")
        XCTAssertTrue(error.description.contains("delivered no frame for 0.3 s"), error.description)

        try fake.send("resume")
        XCTAssertNotNil(try camera.nextFrame())
    }
}
