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
}
