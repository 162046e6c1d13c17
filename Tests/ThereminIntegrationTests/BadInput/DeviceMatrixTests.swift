import XCTest
import Foundation
import ThereminTestSupport

/// Sound devices that do not exist, for every way theremin opens one: replaying live, playing an `--input` live,
/// the tuner's capture device. Each is refused before any sound with one line naming the device and the option that
/// picks it; nothing is recorded. (Cameras that do not exist are in the option matrix: `--camera`.)
final class DeviceMatrixTests: XCTestCase {
    private var harness: BadInputHarness!

    override func setUpWithError() throws {
        harness = try BadInputHarness.make("devices")
    }

    override func tearDownWithError() throws {
        harness?.remove()
    }

    func testMissingSoundDevices() throws {
        let trace = harness.goodTrace
        let image = harness.file("still.ppm", data: BadInputHarness.tinyImage)
        try harness.check([
            BadInputCase(name: "replay on a missing device", arguments: ["--replay", trace, "--audio-device", "nosuch"],
                         mentions: ["'nosuch'", "--audio-device"]),
            BadInputCase(name: "replay on a missing card", arguments: ["--replay", trace, "-d", "hw:99"],
                         mentions: ["'hw:99'", "--audio-device"]),
            BadInputCase(name: "replay on a malformed device name", arguments: ["--replay", trace, "-d", "plug:{{"],
                         mentions: ["'plug:{{'", "--audio-device"]),
            BadInputCase(name: "--input played live on a missing device",
                         arguments: ["--input", image, "--audio-device", "nosuch", "--tracker", "classic"],
                         mentions: ["'nosuch'", "--audio-device"]),
            BadInputCase(name: "tuner on a missing capture device", arguments: ["--tuner", "--audio-input", "nosuchmic"],
                         mentions: ["'nosuchmic'", "--audio-input"]),
        ])
        harness.report("sound devices")
    }
}
