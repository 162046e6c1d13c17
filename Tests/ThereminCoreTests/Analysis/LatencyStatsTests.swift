import XCTest
import ThereminCore
import ThereminTestSupport

final class LatencyStatsTests: XCTestCase {
    func testMedianAndNinetyFifthPercentile() {
        var stats = LatencyStats()
        for ms in 1...100 { stats.add(.total, Double(ms) / 1000) }
        stats.add(.total, .nan)
        let summary = stats.summary(.total)
        XCTAssertEqual(summary?.median ?? 0, 0.050, accuracy: 1e-12)
        XCTAssertEqual(summary?.p95 ?? 0, 0.095, accuracy: 1e-12)
        XCTAssertEqual(stats.count(.total), 100, "NaN is not counted")
        XCTAssertNil(stats.summary(.tracking))
    }

    /// An hour at 30 fps, spread like a loaded machine's latencies: the percentiles stay within the histogram's 0.2 %
    /// of the exact ones (the values are no longer kept).
    func testAnHourOfFramesGivesPercentilesWithinTwoTenthsOfAPercent() {
        var stats = LatencyStats()
        var generator = SeededGenerator(seed: 22)
        var exact: [Double] = []
        for _ in 0..<108_000 {
            let seconds = 0.018 + Double.random(in: 0...1, using: &generator) * Double.random(in: 0...0.02, using: &generator)
            exact.append(seconds)
            stats.add(.total, seconds)
        }
        exact.sort()
        let summary = stats.summary(.total)
        let median = LatencyStats.percentile(exact, 0.5), p95 = LatencyStats.percentile(exact, 0.95)
        XCTAssertEqual(summary?.median ?? 0, median, accuracy: median * 0.002)
        XCTAssertEqual(summary?.p95 ?? 0, p95, accuracy: p95 * 0.002)
        XCTAssertEqual(stats.count(.total), 108_000)
    }

    func testReportNamesEveryStageAndTheCounters() {
        var stats = LatencyStats()
        stats.add(.tracking, 0.012)
        stats.trackedFrames = 300
        stats.droppedFrames = 4
        stats.underruns = 1
        stats.duration = 10
        let report = stats.report()
        for stage in LatencyStats.Stage.allCases { XCTAssertTrue(report.contains(stage.rawValue), stage.rawValue) }
        XCTAssertTrue(report.contains("tracker 30.0 fps, 300 frames tracked, 4 dropped, 1 underrun(s)"), report)
        XCTAssertTrue(report.contains("12.0"), report)
    }

    func testFramesSentWhileStartingAreNamedApartFromThoseDroppedWhilePlaying() {
        var stats = LatencyStats()
        stats.trackedFrames = 600
        stats.droppedFrames = 2
        stats.duration = 10
        XCTAssertFalse(stats.report().contains("while starting"), "nothing to say when none were")
        stats.droppedWhileStarting = 12
        let line = stats.report().split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertTrue(line.hasPrefix("tracker 60.0 fps, 600 frames tracked, 2 dropped, 0 underrun(s), 10.0 s"), line)
        XCTAssertTrue(line.hasSuffix("(and 12 frames sent while starting)"), line)
    }

    func testTheDroppedAreToldApartAndTheRateInForceEndsTheReport() {
        var stats = LatencyStats()
        stats.trackedFrames = 300
        stats.droppedFrames = 25
        stats.damagedFrames = 20
        stats.staleFrames = 3
        stats.duration = 10
        stats.rateLine = "rate: tracking takes 6.0 ms a frame (p90) against 33.3 ms between frames: 30 fps, kept"
        let lines = stats.report().split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.last, stats.rateLine)
        let tracker = lines[lines.count - 2]
        XCTAssertTrue(tracker.hasPrefix("tracker 30.0 fps, 300 frames tracked, 25 dropped, 0 underrun(s), 10.0 s"), tracker)
        XCTAssertTrue(tracker.hasSuffix("; 20 of the dropped damaged; 3 of the dropped skipped as stale"), tracker)
    }
}
