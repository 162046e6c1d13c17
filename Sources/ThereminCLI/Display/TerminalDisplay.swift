import Foundation
import ThereminCore
import ThereminSession

/// The one-line terminal display used when there is no preview window: note, cents, Hz, level, fps, latency and the
/// looper's state, redrawn in place on a terminal (plain lines otherwise), and calibration prompts.
final class TerminalDisplay: LiveDisplay {
    private let line = StatusLine()
    private let keyboard = KeyboardInput()
    private let start = MonotonicClock.now()
    private var lastPrompt: String?

    func show(_ snapshot: LiveSnapshot, status: LiveStatus) -> [LiveKey] {
        let now = MonotonicClock.now() - start
        if let calibration = snapshot.calibrationStatus {
            let prompt = TerminalDisplay.calibrationText(calibration)
            if prompt.instruction != lastPrompt {
                line.finish()
                Output.out(prompt.instruction + "\n")
                lastPrompt = prompt.instruction
            }
            line.update(prompt.progress, now: now)
            return keyboard.poll()
        }
        line.update(Self.statusText(snapshot, status: status), now: now)
        return keyboard.poll()
    }

    /// The status line while playing: note, level, tracker rate, latency, and what else is going on.
    static func statusText(_ snapshot: LiveSnapshot, status: LiveStatus) -> String {
        var extra = String(format: "%4.1f fps", snapshot.trackerFPS)
        if let latency = status.latency { extra += String(format: "  %3.0f ms", latency * 1000) }
        if status.muted { extra += "  [muted]" }
        if status.paused { extra += "  [paused]" }
        if let loop = LoopText.describe(status.loop) { extra += "  " + loop }
        if let problem = snapshot.sourceProblem { extra += "  " + problem }
        if let notice = status.handNotice { extra += "  " + notice }
        if let guide = status.playAlong, let moment = status.playAlongMoment {
            extra += "  " + PlayAlongLine.text(guide, moment)
        }
        return StatusLine.text(time: nil, frequency: status.frequency, level: status.level, extra: extra)
    }

    func close() {
        line.finish()
        keyboard.restore()
    }

    /// The instruction and a progress line for a calibration step.
    static func calibrationText(_ status: GuidedCalibration.Status) -> (instruction: String, progress: String) {
        let step = "Step \(status.target.rawValue + 1)/4: \(status.instruction)"
        switch status.phase {
        case .countdown(let remaining):
            return (step, String(format: "  get ready… %.0f", remaining.rounded(.up)))
        case .measuring(let progress):
            let filled = Int(progress * 20)
            return (step, "  hold still [" + String(repeating: "#", count: filled) + String(repeating: ".", count: 20 - filled) + "]")
        case .retry(let reason):
            return (reason, "")
        case .done(let box):
            return ("Calibrated: " + box.described(antenna: status.antenna), "")
        case .failed(let reason):
            return ("Calibration failed: " + reason, "")
        }
    }
}
