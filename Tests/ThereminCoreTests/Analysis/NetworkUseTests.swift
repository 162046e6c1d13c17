import ThereminCore
import XCTest

final class NetworkUseTests: XCTestCase {
    private let use = NetworkUse(landmarkRuns: 330, landmarkCPUSeconds: 0.99, palmRuns: 4, palmCPUSeconds: 0.03)

    func testTheLineGivesEachRunsCostAndTheProcessAgainstThem() {
        let line = use.line(trackedFrames: 300, processCPUSeconds: 1.53)
        XCTAssertEqual(line, "networks: 330 landmark runs x 3.00 ms (1.10 a frame) + 4 palm runs x 7.50 ms"
                           + " = 1.02 s of CPU; the whole process 1.53 s, 1.50x that")
    }

    func testWithoutTheProcessOrFramesTheLineSaysOnlyWhatItKnows() {
        let line = use.line(trackedFrames: 0, processCPUSeconds: nil)
        XCTAssertFalse(line.contains("a frame"), line)
        XCTAssertFalse(line.contains("process"), line)
        let idle = NetworkUse(landmarkRuns: 0, landmarkCPUSeconds: 0, palmRuns: 0, palmCPUSeconds: 0)
        XCTAssertFalse(idle.line(trackedFrames: 10, processCPUSeconds: 2).contains("nan"), "no division by no runs")
    }

    func testTheStatisticsPrintTheNetworksLast() {
        var stats = LatencyStats()
        stats.rateLine = "rate: kept"
        stats.networkLine = use.line(trackedFrames: 300, processCPUSeconds: nil)
        XCTAssertEqual(stats.report().split(separator: "\n").last.map(String.init), stats.networkLine)
    }
}
