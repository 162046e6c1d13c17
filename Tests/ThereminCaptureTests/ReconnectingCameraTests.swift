import Foundation
import ThereminCapture
import ThereminCore
import ThereminTestSupport
import XCTest

final class ReconnectingCameraTests: XCTestCase {
    /// The fake unplugs itself after 5 frames and returns half a second later: the camera reports the loss,
    /// keeps retrying, and streams again with sequence numbers still increasing.
    func testReconnectsAfterTheDeviceComesBack() throws {
        let fake = try startFakeCamera {
            $0.unplugAfter = 5
            $0.plugBackAfter = 0.5
        }
        let camera = try ReconnectingCamera(.init(device: fake.devicePath), retryInterval: 0.1)
        addTeardownBlock { camera.close() }

        var lastBefore: Frame?
        var losses = 0
        var firstAfter: Frame?
        let deadline = Date(timeIntervalSinceNow: 30)
        while firstAfter == nil && Date() < deadline {
            switch Result(catching: { () throws(V4L2Error) -> Frame? in try camera.nextFrame() }) {
            case .success(let frame?):
                if losses == 0 { lastBefore = frame } else { firstAfter = frame }
            case .success(nil):
                XCTFail("the camera ended instead of reconnecting")
                return
            case .failure(let error):
                XCTAssertTrue(error.isDeviceLost, "\(error)")
                losses += 1
            }
        }
        let before = try XCTUnwrap(lastBefore)
        let after = try XCTUnwrap(firstAfter, "frames again after the device came back")
        XCTAssertGreaterThanOrEqual(losses, 1)
        XCTAssertEqual(camera.reconnections, 1)
        XCTAssertFalse(camera.isReconnecting)
        XCTAssertGreaterThan(after.sequence, before.sequence)
        let found = try XCTUnwrap(MovingSquare.locate(in: after))
        XCTAssertEqual(found.brightPixels, found.square.width * found.square.height, "one whole square")
        XCTAssertEqual(found.square.width, 40)
    }

    /// A consumer slower than the camera makes it drop frames; the count survives closing, when `--stats` reads it.
    func testDroppedFramesAreStillCountedAfterClosing() throws {
        let fake = try startFakeCamera()
        let camera = try ReconnectingCamera(.init(device: fake.devicePath), retryInterval: 0.1)
        _ = try camera.nextFrame()
        // Taking none while the camera sends: the frames replaced in the mailbox are counted as they come (a wait
        // for the count, not a sleep: a loaded machine's fake camera may send fewer frames a second than 30).
        waitUntil("frames not taken in time are dropped and counted") { camera.droppedFrames > 5 }
        _ = try camera.nextFrame()
        let dropped = camera.droppedFrames
        XCTAssertGreaterThan(dropped, 5, "frames not taken in time are dropped and counted")
        camera.close()
        XCTAssertGreaterThanOrEqual(camera.droppedFrames, dropped, "still counted after closing")
    }

    /// While the device stays away, each call reports it within about one retry interval, never faster.
    func testRetriesAtTheRetryIntervalWhileTheDeviceIsAway() throws {
        let fake = try startFakeCamera()
        let interval = 0.2
        let camera = try ReconnectingCamera(.init(device: fake.devicePath), retryInterval: interval)
        addTeardownBlock { camera.close() }
        _ = try camera.nextFrame()
        try fake.send("unplug")

        var lostOnce = false
        for _ in 0..<10 where !lostOnce {
            do { _ = try camera.nextFrame() } catch { lostOnce = true }
        }
        XCTAssertTrue(lostOnce)
        XCTAssertTrue(camera.isReconnecting)
        let start = Date()
        for _ in 0..<3 {
            let error = assertV4L2Error(.unplugged) { try camera.nextFrame() }
            XCTAssertTrue(error?.description.contains("waiting for it to come back") ?? false,
                          error?.description ?? "")
        }
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 3 * interval * 0.9, "one attempt per interval")

        try fake.send("plug")
        var frame: Frame?
        for _ in 0..<20 where frame == nil { frame = try? camera.nextFrame() }
        XCTAssertNotNil(frame)
    }

    func testCloseEndsTheStream() throws {
        let fake = try startFakeCamera()
        let camera = try ReconnectingCamera(.init(device: fake.devicePath))
        XCTAssertNotNil(try camera.nextFrame())
        camera.close()
        XCTAssertNil(try camera.nextFrame())
        XCTAssertFalse(camera.isReconnecting)
    }
}
