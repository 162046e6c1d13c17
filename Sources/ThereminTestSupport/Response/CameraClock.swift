import Foundation

/// The fake camera's frame log (`--frame-log`) as a clock: where a clip was at a CLOCK_MONOTONIC time. Each frame's
/// buffer was stamped with when it was due, the end of its exposure, which in a clip made for the purpose is the
/// frame's own time (frame v at v/fps); between frames the clip runs on in real time.
public struct CameraClock: Sendable {
    private let due: [Double]
    private let video: [Double]
    private let fps: Double

    public init(frameLog: String, fps: Double) throws {
        var due: [Double] = [], video: [Double] = []
        for line in try String(contentsOfFile: frameLog, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3, let time = Double(fields[1]), let frame = Double(fields[2]), frame >= 0 else { continue }
            due.append(time)
            video.append(frame)
        }
        self.due = due
        self.video = video
        self.fps = fps
    }

    /// The clip's time at `time`, or nil before the first frame or across a gap of more than three frames.
    public func clipTime(at time: Double) -> Double? {
        var low = 0, high = due.count
        while low < high {
            let middle = (low + high) / 2
            if due[middle] <= time { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let since = time - due[low - 1]
        return since < 3 / fps ? video[low - 1] / fps + since : nil
    }
}
