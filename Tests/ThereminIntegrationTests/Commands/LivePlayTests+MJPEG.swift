import Foundation
import ThereminTestSupport
import XCTest

extension LivePlayTests {
    /// A 60 fps MJPEG camera that sends damaged JPEGs now and then (truncated, garbage, zero-length): they are
    /// dropped and counted in the status line, the trace keeps a row per good frame, and the sound goes on
    /// following the hand to the end.
    func testLivePlayFromAnMJPEGCameraWithCorruptFrames() throws {
        let run = try playAt60FPS(trace: "mjpeg.csv") {
            $0.pixelFormats = ["MJPG"]
            $0.corruptJPEG = (every: 10, seed: 2026)
        }
        let corrupted = try XCTUnwrap(Int(run.cameraStatus["corrupted"] ?? ""))
        XCTAssertGreaterThanOrEqual(corrupted, 10, "about one frame in ten of 4 s at 60 fps was damaged")
        // The damaged frames are among the dropped ones, or among those sent while the player was starting (all but
        // those still in the driver's 4 buffers at the end).
        if let stats = run.stats {
            XCTAssertGreaterThanOrEqual(stats.dropped + stats.sentWhileStarting, corrupted - 4,
                                        "damaged frames counted: \(run.result.stderr)")
        }
        // Keeping up is not judged here: a debug build beside a busy machine tracks every second or third frame of
        // 60 (it asserted most frames tracked). That damaged frames do not stall it is judged by the sound: frames
        // stopping would fade it out (the stall watchdog) before the last second.

        // Still sounding in the last second before the closing fade: no stall on the damaged frames.
        XCTAssertGreaterThan(run.audio.count, 48_000 * 2 * 2)
        let lastSecond = run.audio.dropLast(48_000 * 2 / 5).suffix(48_000 * 2)
        let rms = (lastSecond.reduce(0) { $0 + Double($1) * Double($1) } / Double(max(1, lastSecond.count))).squareRoot()
        XCTAssertGreaterThan(rms, 0.02, "the sound goes on to the end")
    }
}
