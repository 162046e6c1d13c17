import Foundation
import ThereminCapture
import ThereminTestSupport
import XCTest

/// The fake camera serving a video file: every captured frame is the file's frame of that sequence number, bit for
/// bit (BGR3 needs no conversion, and ffmpeg decodes the lossless file the same way both times).
final class VideoFileFakeCameraTests: XCTestCase {
    func testFramesOfAVideoFileArriveInOrderAndUnaltered() throws {
        guard FFmpeg.path != nil else { throw XCTSkip("ffmpeg is not installed (Debian package ffmpeg)") }
        let video = NSTemporaryDirectory() + "fake-camera-clip-\(getpid())-\(UUID().uuidString).mkv"
        defer { try? FileManager.default.removeItem(atPath: video) }
        let frameCount = 10
        _ = try FFmpeg.run(["-f", "lavfi", "-i", "testsrc2=size=640x480:rate=30", "-frames:v", "\(frameCount)",
                            "-c:v", "ffv1", "-pix_fmt", "bgr0", video])
        let decoded = try FFmpeg.run(["-i", video, "-f", "rawvideo", "-pix_fmt", "bgr24", "pipe:1"])
        let frameBytes = 640 * 480 * 3
        XCTAssertEqual(decoded.count, frameCount * frameBytes)
        let expected = (0..<frameCount).map { [UInt8](decoded[($0 * frameBytes)..<(($0 + 1) * frameBytes)]) }
        XCTAssertNotEqual(expected[0], expected[1], "the clip moves, so a wrong frame would show")

        let fake = try startFakeCamera {
            $0.video = video
            $0.pixelFormats = ["BGR3"]
            $0.rates = [30]
        }
        let camera = try openCamera(fake)
        for _ in 0..<12 {
            let frame = try XCTUnwrap(camera.nextFrame())
            let index = Int(frame.sequence % UInt64(frameCount))
            XCTAssertEqual(frame.pixels.count, frameBytes)
            XCTAssertTrue(frame.pixels == expected[index], "frame \(frame.sequence) is clip frame \(index)")
        }
    }
}
