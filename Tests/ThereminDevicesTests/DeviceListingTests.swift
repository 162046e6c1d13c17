import Foundation
import ThereminAudio
import ThereminCapture
import ThereminDevices
import ThereminTestSupport
import XCTest

final class DeviceListingTests: XCTestCase {
    private func emptyDirectory() throws -> String {
        let directory = NSTemporaryDirectory() + "no-cameras-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        return directory
    }

    func testWithoutCamerasTheTableSaysSoPlainly() throws {
        let directory = try emptyDirectory()
        let table = try listDevicesReport(json: false, cameraDirectory: directory)
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.first, "Cameras")
        XCTAssertEqual(lines.dropFirst().first,
                       "  no cameras found (no video capture device among \(directory)/video*): plug in a webcam")
        XCTAssertTrue(lines.contains("Sound outputs (ALSA playback; pass the name to --audio-device)"), table)
    }

    func testWithoutCamerasTheJSONHasAnEmptyList() throws {
        let directory = try emptyDirectory()
        let text = try listDevicesReport(json: true, cameraDirectory: directory)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual((object["cameras"] as? [Any])?.count, 0)
        XCTAssertEqual(object["cameraDirectory"] as? String, directory)
        XCTAssertNotNil(object["soundOutputs"] as? [Any])
    }

    func testListsTheCameraWithFormatsSizesAndRates() throws {
        var options = FakeCamera.Options()
        options.card = "Listing Cam"
        options.pixelFormats = ["YUYV", "BGR3"]
        options.rates = [30, 7.5]
        let fake = try FakeCamera.startOrSkip(options)
        defer { fake.stop() }

        let table = try listDevicesReport(json: false, cameraDirectory: fake.directory)
        XCTAssertTrue(table.contains("  \(fake.devicePath)  Listing Cam (fake-camera, fuse:video0)\n"
            + "    YUYV  YUYV 4:2:2\n"
            + "          640x480     30, 7.5 fps\n"
            + "          1280x720    30, 7.5 fps\n"
            + "    BGR3  24-bit BGR 8-8-8\n"), table)

        let json = try listDevicesReport(json: true, cameraDirectory: fake.directory)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let cameras = try XCTUnwrap(object["cameras"] as? [[String: Any]])
        XCTAssertEqual(cameras.count, 1)
        XCTAssertEqual(cameras[0]["path"] as? String, fake.devicePath)
        XCTAssertEqual(cameras[0]["card"] as? String, "Listing Cam")
        let formats = try XCTUnwrap(cameras[0]["formats"] as? [[String: Any]])
        XCTAssertEqual(formats.compactMap { $0["fourcc"] as? String }, ["YUYV", "BGR3"])
        let sizes = try XCTUnwrap(formats[0]["sizes"] as? [[String: Any]])
        XCTAssertEqual(sizes.first?["width"] as? Int, 640)
        XCTAssertEqual(sizes.first?["framesPerSecond"] as? [Double], [30, 7.5])
    }

    /// Rates differ per format and size, as on UVC webcams; the listing shows each format's own rates and the mode
    /// theremin plays from, with the reason.
    func testListsTheRatesOfEachFormatAndTheModeThereminPlays() throws {
        var options = FakeCamera.Options()
        options.modes = [.init("YUYV", 640, 480, [30, 15]), .init("YUYV", 1280, 720, [10]),
                         .init("MJPG", 640, 480, [30]), .init("MJPG", 1280, 720, [60, 30])]
        let fake = try FakeCamera.startOrSkip(options)
        defer { fake.stop() }

        let table = try listDevicesReport(json: false, cameraDirectory: fake.directory)
        XCTAssertTrue(table.contains("    YUYV  YUYV 4:2:2\n"
            + "          640x480     30, 15 fps\n"
            + "          1280x720    10 fps\n"
            + "    MJPG  Motion-JPEG, compressed\n"
            + "          640x480     30 fps\n"
            + "          1280x720    60, 30 fps\n"
            + "    plays MJPG 1280x720 at 60 fps: the highest frame rate at a size the tracker uses "
            + "(next best: YUYV 640x480 at 30 fps)\n"), table)

        let json = try listDevicesReport(json: true, cameraDirectory: fake.directory)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let camera = try XCTUnwrap((object["cameras"] as? [[String: Any]])?.first)
        let formats = try XCTUnwrap(camera["formats"] as? [[String: Any]])
        let mjpegSizes = try XCTUnwrap(formats.last?["sizes"] as? [[String: Any]])
        XCTAssertEqual(mjpegSizes.map { $0["framesPerSecond"] as? [Double] }, [[30], [60, 30]])
        let mode = try XCTUnwrap(camera["playMode"] as? [String: Any])
        XCTAssertEqual(mode["format"] as? String, "MJPG")
        XCTAssertEqual(mode["width"] as? Int, 1280)
        XCTAssertEqual(mode["framesPerSecond"] as? Double, 60)
        XCTAssertNotNil(mode["reason"] as? String)
    }

    func testSoundOutputsWithoutACardAreCalledThat() {
        let inventory = DeviceInventory(cameras: [], cameraProblems: [], cameraDirectory: "/dev",
                                        soundOutputs: [ALSAPlaybackDevice(name: "null", description: "Discard all samples")],
                                        soundProblem: nil)
        XCTAssertFalse(inventory.hasSoundCard)
        XCTAssertTrue(DeviceListing.table(inventory).hasSuffix(
            "  null  Discard all samples\n  no sound card found: only ALSA's 'null' device, which plays nothing\n"))
    }

    /// A device routed to a server that is down is marked with how to start it; one whose server runs is not; with
    /// no card, the list says only a server can play.
    func testADeviceWhoseServerIsDownIsMarked() {
        let down = SoundServer(kind: .pipewire, socket: "/run/user/1000/pipewire-0", running: false)
        let up = SoundServer(kind: .pulseaudio, socket: "/run/user/1000/pulse/native", running: true)
        let inventory = DeviceInventory(cameras: [], cameraProblems: [], cameraDirectory: "/dev", soundOutputs: [
            ALSAPlaybackDevice(name: "default", description: "Default ALSA Output", server: down),
            ALSAPlaybackDevice(name: "pulse", description: "PulseAudio Sound Server", server: up),
        ], soundProblem: nil)
        XCTAssertTrue(DeviceListing.table(inventory).hasSuffix("""
              default  Default ALSA Output
                       plays through PipeWire, which is not running (nothing answers at /run/user/1000/pipewire-0): \
            start it with `systemctl --user start pipewire wireplumber`
              pulse    PulseAudio Sound Server
              no sound card found (none in /dev/snd): only a sound server can play here

            """), DeviceListing.table(inventory))
    }
}
