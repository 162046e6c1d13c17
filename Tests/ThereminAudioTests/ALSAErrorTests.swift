import Glibc
import ThereminAudio
import ThereminCore
import XCTest

/// An ALSA error's exit status and hints follow from what was built into it (where it failed, which way the
/// device carries sound), never from its operation's wording; and a real device that does not exist says so.
final class ALSAErrorTests: XCTestCase {
    func testADeviceThatCannotBeOpenedIsAnInputErrorAndOneThatFailsInUseARuntimeFailure() {
        let opening = ALSAError(operation: "open", code: -EINVAL, device: "hw:99", stage: .opening)
        XCTAssertEqual(opening.failureKind, .input)
        XCTAssertEqual(opening.exitStatus, 2)
        XCTAssertTrue(opening.description.hasSuffix("no such device, or the name is malformed: check it with "
                                                    + "`theremin --list-devices` and pass it with --audio-device"),
                      opening.description)
        let inUse = ALSAError(operation: "set format", code: -EINVAL, device: "hw:0")
        XCTAssertEqual(inUse.failureKind, .runtime)
        XCTAssertEqual(inUse.exitStatus, 1)
        XCTAssertTrue(inUse.description.hasSuffix("the device refused the format; try --audio-device plughw:0 or default"),
                      inUse.description)
    }

    func testACaptureDeviceIsPickedWithAudioInput() {
        let busy = ALSAError(operation: "start capture", code: -EBUSY, device: "hw:1", direction: .capture)
        XCTAssertEqual(busy.option, "--audio-input")
        XCTAssertTrue(busy.description.hasSuffix("or use --audio-input default"), busy.description)
        XCTAssertEqual(ALSAError(operation: "write", code: -EIO, device: "hw:1").option, "--audio-device")
    }

    func testOpeningAMissingDeviceIsAnInputErrorForPlaybackAndCapture() {
        for direction in [ALSAPCM.Direction.playback, .capture] {
            XCTAssertThrowsError(try ALSAPCM(request: PlaybackRequest(device: "hw:99"), direction: direction)) { error in
                let alsa = error as? ALSAError
                XCTAssertEqual(alsa?.stage, .opening)
                XCTAssertEqual(alsa?.failureKind, .input)
                XCTAssertEqual(alsa?.direction, direction)
            }
        }
    }
}
