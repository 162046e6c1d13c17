import XCTest
import ThereminCore

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
}
