import Foundation
import ThereminCapture
import XCTest

/// What each errno means for each operation, and the one-line messages (no device needed).
final class V4L2ErrorTests: XCTestCase {
    func testErrnoClassification() {
        let cases: [(String, Int32, V4L2Error.Kind)] = [
            ("open", ENOENT, .notFound), ("open", ENODEV, .notFound), ("open", EACCES, .permissionDenied),
            ("open", EBUSY, .busy), ("VIDIOC_S_FMT", EBUSY, .busy), ("VIDIOC_REQBUFS", EBUSY, .busy),
            ("open", ENOTTY, .notCaptureDevice), ("VIDIOC_DQBUF", ENODEV, .unplugged),
            ("VIDIOC_DQBUF", EIO, .unplugged), ("VIDIOC_QBUF", ENODEV, .unplugged), ("poll", EIO, .unplugged),
            ("VIDIOC_STREAMON", EIO, .failed), ("VIDIOC_S_PARM", EINVAL, .failed),
        ]
        for (operation, code, kind) in cases {
            XCTAssertEqual(V4L2Error(operation: operation, errno: code, device: "/dev/video0").kind, kind,
                           "\(operation) \(code)")
        }
    }

    func testMessagesAreOneLineAndSayWhatToDo() {
        let permission = V4L2Error(operation: "open", errno: EACCES, device: "/dev/video0")
        XCTAssertEqual(permission.description, "no permission to open camera /dev/video0 (open: Permission denied): "
            + "add your user to the 'video' group (`sudo usermod -aG video $USER`, then log in again)")
        let unplugged = V4L2Error(operation: "VIDIOC_DQBUF", errno: ENODEV, device: "/dev/video0")
        XCTAssertEqual(unplugged.description,
                       "camera /dev/video0 was unplugged (VIDIOC_DQBUF: No such device): plug it back in")
        XCTAssertTrue(unplugged.isDeviceLost)
        for kind in V4L2Error.Kind.allCases {
            let error = V4L2Error(kind: kind, operation: "VIDIOC_STREAMON", errno: EIO, device: "/dev/video1",
                                  detail: "detail")
            XCTAssertFalse(error.description.contains("\n"), "\(kind)")
            XCTAssertTrue(error.description.contains("/dev/video1"), "\(kind)")
        }
    }
}
