import Foundation

/// How often the tracker's networks ran and the CPU their runs took: the yardstick for what the rest of the process
/// (capture, crops, estimation, sound) costs beside them, printed by `--stats`.
public struct NetworkUse: Sendable, Equatable {
    public var landmarkRuns: Int
    public var landmarkCPUSeconds: Double
    public var palmRuns: Int
    public var palmCPUSeconds: Double

    public init(landmarkRuns: Int, landmarkCPUSeconds: Double, palmRuns: Int, palmCPUSeconds: Double) {
        self.landmarkRuns = landmarkRuns
        self.landmarkCPUSeconds = landmarkCPUSeconds
        self.palmRuns = palmRuns
        self.palmCPUSeconds = palmCPUSeconds
    }

    /// Both networks' CPU.
    public var cpuSeconds: Double { landmarkCPUSeconds + palmCPUSeconds }

    /// The `--stats` line: the runs, what each took, and, given the whole process's CPU so far (user + system), how
    /// many times the networks' it is.
    public func line(trackedFrames: Int, processCPUSeconds: Double?) -> String {
        func each(_ seconds: Double, _ runs: Int) -> Double { runs > 0 ? seconds / Double(runs) * 1000 : 0 }
        var line = String(format: "networks: %d landmark runs x %.2f ms", landmarkRuns,
                          each(landmarkCPUSeconds, landmarkRuns))
        if trackedFrames > 0 { line += String(format: " (%.2f a frame)", Double(landmarkRuns) / Double(trackedFrames)) }
        line += String(format: " + %d palm runs x %.2f ms = %.2f s of CPU", palmRuns, each(palmCPUSeconds, palmRuns),
                       cpuSeconds)
        if let process = processCPUSeconds, cpuSeconds > 0 {
            line += String(format: "; the whole process %.2f s, %.2fx that", process, process / cpuSeconds)
        }
        return line
    }
}
