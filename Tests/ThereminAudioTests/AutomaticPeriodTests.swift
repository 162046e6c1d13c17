import Foundation
@testable import ThereminAudio
import XCTest

/// The period chosen when the player gives none: the short one only where real-time priority will be granted.
final class AutomaticPeriodTests: XCTestCase {
    func testTheProbeForeseesWhetherTheAudioThreadGetsRealTimePriority() {
        final class Result: @unchecked Sendable { var granted = false }
        let result = Result()
        let done = DispatchSemaphore(value: 0)
        // A thread of its own, whose priority ends with it.
        Thread {
            result.granted = RealtimeScheduling.request().isRealtime
            done.signal()
        }.start()
        done.wait()
        XCTAssertEqual(RealtimeScheduling.willBeGranted, result.granted, "the probe agrees with the request itself")
        XCTAssertEqual(PlaybackRequest.automaticPeriodFrames(sampleRate: 48_000), result.granted ? 128 : 240)
        XCTAssertEqual(PlaybackRequest.automaticPeriodFrames(sampleRate: 44_100), result.granted ? 128 : 221)
    }
}
