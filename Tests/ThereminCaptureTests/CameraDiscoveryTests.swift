import Foundation
import ThereminCapture
import ThereminTestSupport
import XCTest

final class CameraDiscoveryTests: XCTestCase {
    func testDeviceNodesAreVideoNodesInNumericOrder() throws {
        let directory = NSTemporaryDirectory() + "discovery-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for name in ["video10", "video2", "video0", "videocodec", "vbi0", "video-1"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: "\(directory)/\(name)", contents: nil))
        }
        XCTAssertEqual(CameraDiscovery.deviceNodes(in: directory),
                       ["video0", "video2", "video10"].map { "\(directory)/\($0)" })
        XCTAssertEqual(CameraDiscovery.survey(in: directory).cameras, [], "plain files are not cameras")
    }

    func testDescribesTheCameraWithItsOwnFormatsSizesAndRates() throws {
        let fake = try startFakeCamera {
            $0.card = "Test Cam"
            $0.pixelFormats = ["YUYV", "BGR3"]
            $0.rates = [30, 7.5]
        }
        let survey = CameraDiscovery.survey(in: fake.directory)
        XCTAssertEqual(survey.unreadable, [])
        let camera = try XCTUnwrap(survey.cameras.first)
        XCTAssertEqual(survey.cameras.count, 1)
        XCTAssertEqual(camera.path, fake.devicePath)
        XCTAssertEqual(camera.card, "Test Cam")
        XCTAssertEqual(camera.driver, "fake-camera")
        XCTAssertEqual(camera.formats.map(\.fourcc.description), ["YUYV", "BGR3"], "no libv4l2-emulated formats")
        XCTAssertEqual(camera.formats.first?.description, "YUYV 4:2:2")
        for format in camera.formats {
            XCTAssertEqual(format.sizes.map(\.size), [PixelSize(width: 640, height: 480),
                                                       PixelSize(width: 1280, height: 720)])
            XCTAssertEqual(format.sizes.first?.framesPerSecond, [30, 7.5])
        }
        XCTAssertEqual(try CameraDiscovery.firstCamera(in: fake.directory), fake.devicePath)
    }

    func testWithoutADeviceTheFirstCameraIsOpened() throws {
        let fake = try startFakeCamera()
        let camera = try V4L2Camera(.init(searchDirectory: fake.directory))
        defer { camera.close() }
        XCTAssertEqual(camera.devicePath, fake.devicePath)
        XCTAssertEqual(camera.name, "\(fake.devicePath) (Fake Camera)")
    }

    func testNodesThatAreNotCamerasAreLeftOutAndNoCameraIsSaidPlainly() throws {
        let fake = try startFakeCamera { $0.metadata = true }
        let survey = CameraDiscovery.survey(in: fake.directory)
        XCTAssertEqual(survey.cameras, [])
        XCTAssertEqual(survey.unreadable, [])
        let error = assertV4L2Error(.noCamera) { try CameraDiscovery.firstCamera(in: fake.directory) }
        XCTAssertTrue(error?.description.hasPrefix("no camera found in \(fake.directory)") ?? false,
                      error?.description ?? "")
    }
}
