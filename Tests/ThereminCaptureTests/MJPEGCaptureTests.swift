import ThereminCapture
import ThereminCore
import ThereminTestSupport
import XCTest

/// An MJPEG camera (the fake camera compressing its pattern with TurboJPEG) read through the direct TurboJPEG path:
/// right pictures, negotiated size and rate, half-scale decoding at 1280x720, corrupt frames dropped and counted.
final class MJPEGCaptureTests: XCTestCase {
    private let vga = PixelSize(width: 640, height: 480)
    private let hd = PixelSize(width: 1280, height: 720)

    private func startMJPEGCamera(rates: [Double] = [60, 30],
                                  _ configure: (inout FakeCamera.Options) -> Void = { _ in }) throws -> FakeCamera {
        try startFakeCamera {
            $0.pixelFormats = ["MJPG"]
            $0.rates = rates
            configure(&$0)
        }
    }

    /// Checks that `frame` shows the pattern of its sequence number, shrunk by `divisor`, within JPEG's tolerance:
    /// the square's edges within a pixel, and the picture on average within 3 levels of the pattern.
    private func assertShowsPattern(_ frame: Frame, cameraSize: PixelSize, divisor: Int = 1,
                                    file: StaticString = #filePath, line: UInt = #line) throws {
        let expected = MovingSquare.expected(sequence: frame.sequence, width: cameraSize.width,
                                             height: cameraSize.height).shrunk(by: divisor)
        let found = try XCTUnwrap(MovingSquare.locate(in: frame), "frame \(frame.sequence): no square",
                                  file: file, line: line)
        for (name, got, want) in [("x", found.square.x, expected.x), ("y", found.square.y, expected.y),
                                  ("width", found.square.width, expected.width),
                                  ("height", found.square.height, expected.height)] {
            XCTAssertLessThanOrEqual(abs(got - want), 1, "frame \(frame.sequence) square \(name): \(found.square) "
                + "against \(expected)", file: file, line: line)
        }
        let mean = meanDifference(frame, fromPatternWith: expected)
        XCTAssertLessThan(mean, 3, "frame \(frame.sequence): mean difference from the pattern", file: file, line: line)
    }

    /// Mean absolute difference per channel between `frame` and the pattern (background 32, square 224).
    private func meanDifference(_ frame: Frame, fromPatternWith square: MovingSquare.Square) -> Double {
        var difference = 0
        for y in 0..<frame.height {
            let rowInside = y >= square.y && y < square.y + square.height
            for x in 0..<frame.width {
                let level: Int = rowInside && x >= square.x && x < square.x + square.width ? 224 : 32
                let pixel = y * frame.bytesPerRow + 3 * x
                for channel in 0..<3 {
                    let value = Int(frame.pixels[pixel + channel])
                    difference += value > level ? value - level : level - value
                }
            }
        }
        return Double(difference) / Double(frame.width * frame.height * 3)
    }

    func testMJPEGFramesShowThePatternOfTheirSequenceNumber() throws {
        let fake = try startMJPEGCamera()
        let camera = try openCamera(fake) { $0.size = vga }
        XCTAssertEqual(camera.sourceFormat, .mjpeg, "the camera delivers MJPEG, decoded by TurboJPEG")
        XCTAssertEqual(camera.size, vga)
        XCTAssertEqual(camera.bytesPerRow, 640 * 3)
        for _ in 0..<8 {
            let frame = try XCTUnwrap(camera.nextFrame())
            XCTAssertEqual(frame.width, 640)
            XCTAssertEqual(frame.height, 480)
            XCTAssertEqual(frame.pixels.count, 640 * 480 * 3)
            try assertShowsPattern(frame, cameraSize: vga)
        }
        XCTAssertEqual(camera.statistics.framesDamaged, 0)
    }

    /// Each size at each rate is granted as asked, and the camera runs at that rate: its frames, stamped with the
    /// times they were due, never come closer than one period apart. (How close to one period they come is the fake
    /// camera's own keeping up: on a loaded machine its software JPEG encoder falls behind at 1280x720 and 60 fps,
    /// and a late frame is due when it is made, as a sensor's clock skips ahead.)
    func testSizesAndRatesAreNegotiated() throws {
        let fake = try startMJPEGCamera()
        for size in [vga, hd] {
            for fps in [60.0, 30.0] {
                let camera = try openCamera(fake) {
                    $0.size = size
                    $0.framesPerSecond = fps
                }
                XCTAssertEqual(camera.cameraSize, size)
                XCTAssertEqual(camera.nominalFrameRate ?? 0, fps, accuracy: 0.01, "\(size)")
                let status = try fake.status()
                XCTAssertEqual(status["format"], "MJPG")
                XCTAssertEqual(status["size"], size.description)
                XCTAssertEqual(Double(status["fps"] ?? ""), fps, "\(size): the camera runs at the rate asked")
                let first = try XCTUnwrap(camera.nextFrame())
                var last = first
                while last.sequence < first.sequence + 10 {
                    let frame = try XCTUnwrap(camera.nextFrame())
                    let periods = Double(frame.sequence - last.sequence)
                    XCTAssertGreaterThanOrEqual(frame.captureTime - last.captureTime, periods * 0.9 / fps,
                                                "\(size) at \(fps) fps: frames \(last.sequence) and \(frame.sequence)")
                    last = frame
                }
                camera.close()
            }
        }
    }

    /// 1280x720 MJPEG is decoded at half scale: 640x360 frames showing the pattern at half size.
    func testHDFramesAreDecodedAtHalfScale() throws {
        let fake = try startMJPEGCamera(rates: [30])
        let camera = try openCamera(fake) { $0.size = hd }
        XCTAssertEqual(camera.cameraSize, hd)
        XCTAssertEqual(camera.size, PixelSize(width: 640, height: 360))
        XCTAssertTrue(camera.frameSize == (640, 360))
        for _ in 0..<5 {
            let frame = try XCTUnwrap(camera.nextFrame())
            XCTAssertEqual(frame.width, 640)
            XCTAssertEqual(frame.height, 360)
            try assertShowsPattern(frame, cameraSize: hd, divisor: 2)
        }
    }

    /// Truncated, garbage and zero-length JPEGs are dropped and counted (each one the fake camera damaged), the
    /// frames after them still arrive, and none of the damaged sequence numbers is ever delivered. Every clean frame
    /// the fake sent is captured; how many of them this test's (slow, debug-built) pattern check gets depends on the
    /// machine's load, since the camera hands over only its newest frame: the rest are counted as replaced.
    func testCorruptFramesAreDroppedAndCountedWhileLaterFramesArrive() throws {
        let every = 3, seed: UInt64 = 7
        let kinds = Set((0..<30).map { JPEGCorruption.of(sequence: UInt64($0), every: every, seed: seed) })
        XCTAssertEqual(kinds, [.none, .truncated, .garbage, .empty], "the seed damages each way within 30 frames")

        let fake = try startMJPEGCamera(rates: [30]) { $0.corruptJPEG = (every, seed) }
        let camera = try openCamera(fake) { $0.size = vga }
        var delivered = 0
        var lastSequence: UInt64 = 0
        var afterDamage = 0
        while lastSequence < 40 {
            let frame = try XCTUnwrap(camera.nextFrame())
            XCTAssertEqual(JPEGCorruption.of(sequence: frame.sequence, every: every, seed: seed), .none,
                           "frame \(frame.sequence) was damaged yet delivered")
            try assertShowsPattern(frame, cameraSize: vga)
            let skipped = (lastSequence + 1..<max(frame.sequence, lastSequence + 1))
            if skipped.contains(where: { JPEGCorruption.of(sequence: $0, every: every, seed: seed) != .none }) {
                afterDamage += 1
            }
            delivered += 1
            lastSequence = frame.sequence
        }
        try fake.send("stall")
        let status = try fake.status()
        let fakeDelivered = try XCTUnwrap(Int(status["delivered"] ?? ""))
        let corrupted = try XCTUnwrap(Int(status["corrupted"] ?? ""))
        XCTAssertEqual(status["dropped"], "0", "the capture thread kept buffers queued, so every sequence was sent")
        let predicted = (0..<fakeDelivered).filter {
            JPEGCorruption.of(sequence: UInt64($0), every: every, seed: seed) != .none
        }.count
        XCTAssertEqual(corrupted, predicted, "the fake damaged the frames the schedule says")
        XCTAssertGreaterThan(corrupted, 5)
        waitUntil("the camera took every frame the fake sent") {
            let statistics = camera.statistics
            return statistics.framesCaptured + statistics.framesDamaged == fakeDelivered
        }
        XCTAssertEqual(camera.statistics.framesDamaged, corrupted, "each damaged frame dropped and counted")
        XCTAssertEqual(camera.droppedFrames, corrupted + camera.statistics.framesDropped,
                       "damaged frames count among the dropped frames the status line reports")
        // Every clean frame was captured, and each one either reached this test or was replaced by a newer one (one
        // may still wait in the camera): none lost, however slowly the test took them.
        let statistics = camera.statistics
        XCTAssertEqual(statistics.framesCaptured, fakeDelivered - corrupted, "every clean frame the fake sent captured")
        XCTAssertEqual(statistics.framesDelivered, delivered)
        XCTAssertTrue((0...1).contains(statistics.framesCaptured - statistics.framesDelivered - statistics.framesDropped),
                      "captured \(statistics.framesCaptured) = delivered \(delivered) + replaced \(statistics.framesDropped)")
        XCTAssertGreaterThan(afterDamage, 0, "a frame came after damaged ones")
    }

    /// A video file served as MJPEG: each frame is the clip's frame of that sequence number within JPEG's tolerance,
    /// and nearer to it than to the clip's next frame.
    func testClipFramesArriveWithinJPEGTolerance() throws {
        guard FFmpeg.path != nil else { throw XCTSkip(TestMedia.ffmpegMissing) }
        let video = NSTemporaryDirectory() + "fake-camera-mjpeg-clip-\(getpid())-\(UUID().uuidString).mkv"
        defer { try? FileManager.default.removeItem(atPath: video) }
        let frameCount = 10
        _ = try FFmpeg.run(["-f", "lavfi", "-i", "testsrc2=size=640x480:rate=30", "-frames:v", "\(frameCount)",
                            "-c:v", "ffv1", "-pix_fmt", "bgr0", video])
        let decoded = [UInt8](try FFmpeg.run(["-i", video, "-f", "rawvideo", "-pix_fmt", "bgr24", "pipe:1"]))
        let frameBytes = 640 * 480 * 3
        XCTAssertEqual(decoded.count, frameCount * frameBytes)
        let clip = (0..<frameCount).map { Array(decoded[($0 * frameBytes)..<(($0 + 1) * frameBytes)]) }

        let fake = try startMJPEGCamera(rates: [30]) { $0.video = video }
        let camera = try openCamera(fake) { $0.size = vga }
        func meanDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    var total = 0
                    for index in 0..<min(a.count, b.count) { total += abs(Int(a[index]) - Int(b[index])) }
                    return Double(total) / Double(a.count)
                }
            }
        }
        for _ in 0..<6 {
            let frame = try XCTUnwrap(camera.nextFrame())
            XCTAssertEqual(frame.pixels.count, frameBytes)
            let index = Int(frame.sequence % UInt64(frameCount))
            let own = meanDifference(frame.pixels, clip[index])
            let next = meanDifference(frame.pixels, clip[(index + 1) % frameCount])
            XCTAssertLessThan(own, 4, "frame \(frame.sequence) is clip frame \(index) within JPEG's tolerance")
            XCTAssertLessThan(own, next / 2, "frame \(frame.sequence) is nearer clip frame \(index) than the next")
        }
    }
}
