import Foundation
import ThereminCapture
import ThereminCore
import ThereminTestSupport
import XCTest

/// The controls a camera is given while playing (frame rate held, anti-flicker at the mains frequency) through
/// the real libv4l2 and the fake camera's VIDIOC_QUERYCTRL/G_CTRL/S_CTRL, and their return on close.
final class CameraControlsTests: XCTestCase {
    private func controls(_ fake: FakeCamera) throws -> (priority: String?, powerLine: String?) {
        let status = try fake.status()
        return (status["exposure_auto_priority"], status["power_line_frequency"])
    }

    private let fiftyHertz = CameraControlRequest(mains: .hz50, mainsSource: "--mains 50")

    func testSetWhileOpenAndPutBackOnClose() throws {
        let fake = try startFakeCamera()  // power-on values: exposure_auto 3, priority 1, power line 2 (60 Hz)
        XCTAssertEqual(try controls(fake).priority, "1")
        let camera = try openCamera(fake) { $0.controls = self.fiftyHertz }
        XCTAssertEqual(try controls(fake).priority, "0", "frame rate held")
        XCTAssertEqual(try controls(fake).powerLine, "1", "50 Hz")
        XCTAssertEqual(try fake.status()["exposure_auto"], "3", "the exposure mode is left as it is")
        XCTAssertEqual(camera.controlNotes, [
            "camera control exposure_auto_priority: 1 (frame rate may drop in dim light) → 0 (frame rate kept "
                + "constant) while playing, put back on exit",
            "camera control power_line_frequency: 2 (60 Hz) → 1 (50 Hz) while playing, put back on exit "
                + "(50 Hz mains: --mains 50)",
        ])
        camera.close()
        XCTAssertEqual(try controls(fake).priority, "1")
        XCTAssertEqual(try controls(fake).powerLine, "2")
    }

    func testAValueAlreadySetIsLeftAndNotPutBack() throws {
        let fake = try startFakeCamera { $0.controls = ["exposure_auto_priority": 0, "power_line_frequency": 1] }
        let camera = try openCamera(fake) { $0.controls = self.fiftyHertz }
        XCTAssertTrue(camera.controlNotes[0].hasPrefix("camera control exposure_auto_priority: already 0"),
                      "\(camera.controlNotes)")
        camera.close()
        XCTAssertEqual(try controls(fake).priority, "0")
        XCTAssertEqual(try controls(fake).powerLine, "1")
    }

    func testACameraWithoutTheControlsPlaysAndSaysSo() throws {
        let fake = try startFakeCamera { $0.controls = [:] }
        let camera = try openCamera(fake) { $0.controls = self.fiftyHertz }
        XCTAssertNotNil(try camera.nextFrame())
        XCTAssertEqual(camera.controlNotes, [
            "camera has no exposure_auto_priority control: its frame rate may drop in dim light",
            "camera has no power_line_frequency control: lights on the mains may flicker in the picture",
        ])
        XCTAssertNil(try fake.status()["power_line_frequency"])
    }

    func testWithoutAMainsGuessThePowerLineIsLeftAlone() throws {
        let fake = try startFakeCamera()
        let camera = try openCamera(fake) {
            $0.controls = CameraControlRequest(mains: nil, mainsSource: "no country")
        }
        XCTAssertEqual(try controls(fake).powerLine, "2")
        XCTAssertEqual(camera.controlNotes.last, "camera control power_line_frequency: left as it is (no country)")
    }

    /// A dim room: with frame-rate priority the fake's sensor halves its rate, as UVC webcams do at night; held,
    /// it keeps the rate it was set to.
    func testHoldingTheFrameRateKeepsADimCameraAtFullRate() throws {
        let fake = try startFakeCamera {
            $0.rates = [30]
            $0.dim = true
        }
        let free = try openCamera(fake) { $0.controls = .none }
        XCTAssertEqual(try fake.status()["sensor_fps"], "15", "auto priority lets the dark halve the rate")
        free.close()
        let held = try openCamera(fake)
        XCTAssertEqual(try fake.status()["sensor_fps"], "30")
        held.close()
        XCTAssertEqual(try fake.status()["sensor_fps"], "15", "the camera's own setting is back")
    }

    /// A replugged camera starts from its power-on values: the controls are set again on reconnection and put
    /// back on close.
    func testSetAgainAfterAReplugAndPutBackOnClose() throws {
        let fake = try startFakeCamera {
            $0.unplugAfter = 5
            $0.plugBackAfter = 0.3
        }
        var configuration = V4L2Camera.Configuration(device: fake.devicePath)
        configuration.controls = fiftyHertz
        let camera = try ReconnectingCamera(configuration, retryInterval: 0.1)
        addTeardownBlock { camera.close() }
        let deadline = Date(timeIntervalSinceNow: 30)
        while camera.reconnections == 0 && Date() < deadline {
            _ = try? camera.nextFrame()
        }
        XCTAssertEqual(camera.reconnections, 1)
        XCTAssertEqual(try fake.status()["generation"], "1", "plugged back in")
        XCTAssertEqual(try controls(fake).priority, "0")
        XCTAssertEqual(try controls(fake).powerLine, "1")
        camera.close()
        XCTAssertEqual(try controls(fake).priority, "1")
        XCTAssertEqual(try controls(fake).powerLine, "2")
    }

    func testTheDescriptionReadsTheControlsWithTheirMeanings() throws {
        let fake = try startFakeCamera { $0.controls = ["exposure_auto": 1, "power_line_frequency": 0] }
        let description = try CameraDiscovery.describe(fake.devicePath)
        XCTAssertEqual(description.controls.map(\.description), [
            "exposure_auto = 1 (Manual Mode)",
            "exposure_auto_priority: not offered",
            "power_line_frequency = 0 (Disabled)",
        ])
    }
}
