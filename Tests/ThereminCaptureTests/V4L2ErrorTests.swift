import Foundation
import ThereminCapture
import XCTest

/// What each errno means for each operation, and the one-line messages (no device needed).
final class V4L2ErrorTests: XCTestCase {
    func testErrnoClassification() {
        let cases: [(V4L2Error.Operation, Int32, V4L2Error.Kind)] = [
            (.open, ENOENT, .notFound), (.open, ENODEV, .notFound), (.open, EACCES, .permissionDenied),
            (.open, EBUSY, .busy), (.setFormat, EBUSY, .busy), (.requestBuffers, EBUSY, .busy),
            (.open, ENOTTY, .notCaptureDevice), (.dequeueBuffer, ENODEV, .unplugged),
            (.dequeueBuffer, EIO, .unplugged), (.queueBuffer, ENODEV, .unplugged), (.poll, EIO, .unplugged),
            (.startStreaming, EIO, .failed), (.setStreamParameters, EINVAL, .failed),
        ]
        for (operation, code, kind) in cases {
            XCTAssertEqual(V4L2Error(operation: operation, errno: code, device: "/dev/video0").kind, kind,
                           "\(operation) \(code)")
        }
    }

    func testMessagesAreOneLineAndSayWhatToDo() {
        let permission = V4L2Error(operation: .open, errno: EACCES, device: "/dev/video0")
        XCTAssertEqual(permission.description, "no permission to open camera /dev/video0 (open: Permission denied): "
            + "add your user to the 'video' group (`sudo usermod -aG video $USER`, then log in again)")
        let unplugged = V4L2Error(operation: .dequeueBuffer, errno: ENODEV, device: "/dev/video0")
        XCTAssertEqual(unplugged.description,
                       "camera /dev/video0 was unplugged (VIDIOC_DQBUF: No such device): plug it back in")
        XCTAssertTrue(unplugged.isDeviceLost)
        for kind in V4L2Error.Kind.allCases {
            let error = V4L2Error(kind: kind, operation: .startStreaming, errno: EIO, device: "/dev/video1",
                                  detail: "detail")
            XCTAssertFalse(error.description.contains("\n"), "\(kind)")
            XCTAssertTrue(error.description.contains("/dev/video1"), "\(kind)")
        }
    }

    func testTheKindIsDecidedByTheOperationNotItsWording() {
        // ENOTTY: the node is no camera when asked what it is, a plain failure once it is known to be one.
        XCTAssertEqual(V4L2Error(operation: .queryCapability, errno: ENOTTY, device: "/dev/video0").kind, .notCaptureDevice)
        XCTAssertEqual(V4L2Error(operation: .setFormat, errno: ENOTTY, device: "/dev/video0").kind, .failed)
        let none = V4L2Error(kind: .noCamera, operation: .discover, device: "/dev")
        XCTAssertEqual(none.description, "no camera found in /dev: plug in a webcam, or check `theremin --list-devices`")
        XCTAssertEqual(none.failureKind, .input)
        XCTAssertEqual(V4L2Error(operation: .dequeueBuffer, errno: ENODEV, device: "/dev/video0").failureKind, .runtime)
    }
}
