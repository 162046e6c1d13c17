import Foundation

/// When the paced test device played each frame of its capture file, from its play-time log (`times`): each run
/// (the first, and one after each underrun's recovery) starts playing its first frame at a logged CLOCK_MONOTONIC
/// time, and every frame after it 1/rate later.
public struct PlayClock: Sendable {
    private let runs: [(firstFrame: Double, began: Double)]
    public let rate: Double

    /// Reads the log the paced device capturing into `capture` wrote (`ALSATestEnvironment.playTimesLog(for:)`).
    public init(capture: String) throws {
        let text = try String(contentsOfFile: ALSATestEnvironment.playTimesLog(for: capture), encoding: .utf8)
        var runs: [(Double, Double)] = []
        var rate = 0.0
        for line in text.split(separator: "\n") where line.hasPrefix("start ") {
            let fields = line.split(separator: " ")
            guard fields.count >= 4, let first = Double(fields[1]), let began = Double(fields[2]),
                  let lineRate = Double(fields[3]) else { continue }
            runs.append((first, began))
            rate = lineRate
        }
        guard !runs.isEmpty, rate > 0 else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: capture + ".times"])
        }
        self.runs = runs
        self.rate = rate
    }

    /// The CLOCK_MONOTONIC time frame `frame` (fractional) of the capture file was heard.
    public func time(ofFrame frame: Double) -> Double {
        let run = runs.last { $0.firstFrame <= frame } ?? runs[0]
        return run.began + (frame - run.firstFrame) / rate
    }
}
