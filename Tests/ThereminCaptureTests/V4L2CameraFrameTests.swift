import ThereminCapture
import ThereminCore
import ThereminTestSupport
import XCTest

/// Frames from the fake camera: right content in every frame, increasing capture times, newest frame wins.
final class V4L2CameraFrameTests: XCTestCase {
    /// Every frame shows the square where the pattern puts it for that frame's sequence number, for the
    /// converted (YUYV) and native (BGR3) paths at both sizes.
    func testEveryFrameShowsTheSquareOfItsSequenceNumber() throws {
        for format in ["YUYV", "BGR3"] {
            for size in [PixelSize(width: 640, height: 480), PixelSize(width: 1280, height: 720)] {
                let fake = try startFakeCamera { $0.pixelFormats = [format] }
                let camera = try openCamera(fake) { $0.size = size }
                for _ in 0..<8 {
                    let frame = try XCTUnwrap(camera.nextFrame())
                    let expected = MovingSquare.expected(sequence: frame.sequence, width: size.width,
                                                         height: size.height)
                    let found = try XCTUnwrap(MovingSquare.locate(in: frame), "\(format) \(size): no square")
                    XCTAssertEqual(found.square, expected, "\(format) \(size) frame \(frame.sequence)")
                    XCTAssertEqual(found.brightPixels, expected.width * expected.height,
                                   "\(format) \(size) frame \(frame.sequence): stray bright pixels")
                }
                camera.close()
                fake.stop()
            }
        }
    }

    func testCaptureTimesAndSequenceNumbersIncrease() throws {
        let fake = try startFakeCamera()
        let camera = try openCamera(fake)
        var previous: Frame?
        for _ in 0..<15 {
            let frame = try XCTUnwrap(camera.nextFrame())
            let now = MonotonicClock.now()
            XCTAssertLessThanOrEqual(frame.captureTime, now, "capture time is on the monotonic clock, in the past")
            XCTAssertGreaterThan(frame.captureTime, now - 10, "capture time is on the monotonic clock, recent")
            if let previous {
                XCTAssertGreaterThan(frame.captureTime, previous.captureTime)
                XCTAssertGreaterThan(frame.sequence, previous.sequence)
            }
            previous = frame
        }
    }

    /// A consumer that stops taking frames gets the newest one when it comes back, and the frames in between
    /// are counted as dropped: no backlog builds up.
    func testASlowConsumerGetsTheNewestFrameAndADropCount() throws {
        let fake = try startFakeCamera { $0.rates = [100] }
        let camera = try openCamera(fake)
        let first = try XCTUnwrap(camera.nextFrame())
        let capturedBefore = camera.statistics.framesCaptured

        waitUntil("the camera captured 6 more frames") { camera.statistics.framesCaptured >= capturedBefore + 6 }
        let newest = try XCTUnwrap(camera.nextFrame())

        XCTAssertGreaterThanOrEqual(newest.sequence, first.sequence + 6, "the newest frame, not the next one")
        XCTAssertGreaterThanOrEqual(camera.droppedFrames, 5)
        let statistics = camera.statistics
        let waiting = statistics.framesCaptured - statistics.framesDelivered - statistics.framesDropped
        XCTAssertTrue((0...1).contains(waiting), "every frame is delivered, dropped or the one waiting: \(statistics)")
        let found = try XCTUnwrap(MovingSquare.locate(in: newest))
        XCTAssertEqual(found.square, MovingSquare.expected(sequence: newest.sequence, width: 640, height: 480))
    }

    func testCloseStopsTheCameraAndUnblocksAWaitingConsumer() throws {
        let fake = try startFakeCamera { $0.stallAfter = 1 }
        let camera = try openCamera(fake) { $0.frameTimeout = 30 }
        _ = try camera.nextFrame()
        let result = LockedBox<Result<Frame?, any Error>>()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            result.value = Result { try camera.nextFrame() }
            done.signal()
        }
        camera.close()
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success, "close() wakes a waiting nextFrame()")
        XCTAssertNil(try result.value?.get() ?? nil, "a closed camera has no more frames")
        camera.close()
        XCTAssertNil(try camera.nextFrame())
        try waitUntil("the fake saw the stream stop") { try fake.status()["streaming"] == "0" }
    }
}

/// A value handed between threads under a lock.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    var value: Value? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
