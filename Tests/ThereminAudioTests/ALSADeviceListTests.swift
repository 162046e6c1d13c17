import Foundation
import ThereminAudio
import ThereminTestSupport
import XCTest

/// The ALSA playback listing, against a configuration that defines hinted PCMs (no sound card needed).
final class ALSADeviceListTests: XCTestCase {
    func testListsHintedPCMsWithTheirDescriptionOnOneLine() throws {
        let config = ALSATestEnvironment.shared.directory.appendingPathComponent("listing-\(UUID().uuidString).conf")
        try """
        pcm.thereminlisting {
            type null
            hint { show on; description "Theremin listing test
        second line" }
        }
        pcm.thereminunlisted { type null }
        """.write(to: config, atomically: true, encoding: .utf8)
        // alsa-lib re-reads its configuration when ALSA_CONFIG_PATH names other files; the shared test
        // configuration is put back afterwards for the other tests.
        let previous = ProcessInfo.processInfo.environment["ALSA_CONFIG_PATH"] ?? ALSATestEnvironment.shared.configPath
        setenv("ALSA_CONFIG_PATH", config.path, 1)
        defer { setenv("ALSA_CONFIG_PATH", previous, 1) }

        let devices = try ALSADeviceList.playbackDevices()
        XCTAssertEqual(devices, [ALSAPlaybackDevice(name: "thereminlisting",
                                                    description: "Theremin listing test, second line")])
        XCTAssertFalse(devices[0].discardsSound)
    }
}
