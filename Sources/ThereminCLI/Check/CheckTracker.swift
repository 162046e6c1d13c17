import ThereminCore
import ThereminTracking

/// How long the tracker takes a frame here: the tracker as live play runs it, on a generated test frame (no hand in
/// it, so it searches as it does while no hand is in view: the palm detector on every frame, the costlier case), the
/// median of 20 frames after 3 to warm up.
enum CheckTracker {
    static let width = 640, height = 480

    static func verdict(_ settings: Settings, frameRate: Double?, periodFrames: Int) -> Readiness {
        let tracker: HandTracker
        do {
            tracker = try TrackerFactory.make(settings, frameRate: frameRate ?? 30)
        } catch {
            return Readiness("tracker", .fail, "cannot start: \(error)", fix: "reinstall theremin (`make install`)")
        }
        let frame = testFrame()
        var times: [Double] = []
        for index in 0..<23 {
            let start = MonotonicClock.now()
            do {
                _ = try tracker.process(frame)
            } catch {
                return Readiness("tracker", .fail, "failed on the test frame: \(error)", fix: "reinstall theremin (`make install`)")
            }
            if index >= 3 { times.append((MonotonicClock.now() - start) * 1000) }
        }
        let median = times.sorted()[times.count / 2]
        return ReadinessPolicy.tracker(milliseconds: median, frameRate: frameRate, periodFrames: periodFrames,
                                       sampleRate: settings.sampleRate)
    }

    /// A 640x480 BGR frame: a soft gradient with a fixed grain, the same on every machine.
    static func testFrame() -> Frame {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        var seed: UInt32 = 12_345
        for y in 0..<height {
            for x in 0..<width {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                let grain = Int(seed >> 28)
                let base = 3 * (y * width + x)
                pixels[base] = UInt8(clamping: 90 + x / 8 + grain)
                pixels[base + 1] = UInt8(clamping: 100 + y / 6 + grain)
                pixels[base + 2] = UInt8(clamping: 120 + (x + y) / 12 + grain)
            }
        }
        return Frame(width: width, height: height, bytesPerRow: width * 3, pixels: pixels, captureTime: 0, sequence: 0)
    }
}
