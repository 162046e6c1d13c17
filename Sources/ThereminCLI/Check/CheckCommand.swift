import Foundation
import ThereminAudio
import ThereminCore
import ThereminDevices

/// `theremin --check`: whether this machine is ready to play with low latency, one OK/WARN/FAIL line a topic with
/// the fix, as text or JSON (`--json`); exit status 0 when nothing fails.
struct CheckCommand {
    let settings: Settings

    func run() throws -> Outcome {
        let verdicts = gather()
        Output.out(settings.json ? try CheckReport.json(verdicts) : CheckReport.text(verdicts))
        return verdicts.isReady ? .succeeded : .failed(.runtime)
    }

    /// Every topic, read off the system through the modules that use it when playing.
    func gather() -> [Readiness] {
        let threads = RealtimeReadiness.probeThreads()
        let inventory = DeviceInventory.gather(camera: settings.camera)
        let camera = CheckCamera.verdict(inventory, named: settings.camera)
        let period = threads.audio.isRealtime ? 128 : Int(Double(settings.sampleRate) * 0.005)
        return [
            ReadinessPolicy.realTime(audio: threads.audio, tracking: threads.tracking, capture: threads.capture,
                                     rtprioLimit: RealtimeReadiness.rtprioLimit,
                                     mayRaiseItself: RealtimeReadiness.mayRaiseItself),
            ReadinessPolicy.memoryLock(limitBytes: RealtimeReadiness.memlockLimit),
            ReadinessPolicy.governors(CheckKernel.governors()),
            ReadinessPolicy.threadedInterrupts(commandLine: CheckKernel.commandLine(),
                                               realtimeKernel: CheckKernel.isRealtimeKernel()),
            CheckSound.verdict(inventory, settings: settings),
            camera.verdict,
            CheckTracker.verdict(settings, frameRate: camera.frameRate, periodFrames: period),
        ]
    }
}

/// The text and JSON renderers of `--check`.
enum CheckReport {
    /// "OK    real-time priority: …" and, under a line that is not OK, "      fix: …".
    static func text(_ verdicts: [Readiness]) -> String {
        var lines: [String] = []
        for verdict in verdicts {
            lines.append("\(verdict.level.rawValue.padding(toLength: 5, withPad: " ", startingAt: 0)) \(verdict.topic): \(verdict.finding)")
            if let fix = verdict.fix { lines.append("      fix: \(fix)") }
        }
        let failing = verdicts.filter { $0.level == .fail }.count, warning = verdicts.filter { $0.level == .warn }.count
        lines.append(failing > 0 ? "not ready: \(failing) failing, \(warning) to improve"
                     : warning > 0 ? "ready, \(warning) to improve" : "ready")
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ verdicts: [Readiness]) throws -> String {
        struct Document: Encodable {
            let version = 1
            let ready: Bool
            let checks: [Readiness]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(Document(ready: verdicts.isReady, checks: verdicts)), as: UTF8.self) + "\n"
    }
}
