import ThereminCore
import ThereminTracking

/// What play costs the tracker here, as live play runs it: a followed frame (the landmark model on a hand-sized region
/// of a generated test frame, the median of 20 after one to warm up), and a frame that looks for a hand (the test
/// frame has none, so the palm detector runs on every frame: the median of 20 after 3). Live play's latency is
/// predicted from the first; the second is what finding a hand afresh adds.
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
        let followed: Double
        do {
            for index in 0..<23 {
                let start = MonotonicClock.now()
                _ = try tracker.process(frame)
                if index >= 3 { times.append((MonotonicClock.now() - start) * 1000) }
            }
            followed = try tracker.followCost(on: frame, runs: 20)
        } catch {
            return Readiness("tracker", .fail, "failed on the test frame: \(error)", fix: "reinstall theremin (`make install`)")
        }
        let afresh = times.sorted()[times.count / 2]
        return ReadinessPolicy.tracker(followed: followed, afresh: afresh, frameRate: frameRate, periodFrames: periodFrames,
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
