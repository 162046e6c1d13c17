import Foundation
import ThereminCore
import ThereminPreview
import ThereminSession

/// `theremin --report TRACE [--scale … --root …] [--plot FILE.png] [--json] [--report-audio]`: how in tune a
/// recorded performance was, from the trace through the same mapping as `--replay` (what the instrument played).
struct ReportCommand {
    let settings: Settings
    let tracePath: String

    func run() throws -> Outcome {
        let trace = try TraceReader.read(path: tracePath)
        let correction = settings.music.correction
        let intonation = IntonationSettings(scale: correction.scale, root: correction.root, minHold: settings.practice.minHold)
        let sound = settings.sound
        let plan = ReplayPlan(trace: trace, mapper: sound.mapper, sampleRate: Double(settings.sampleRate), tail: 0)
        let points = plan.pitchPoints
        let report = IntonationReport(points: points, settings: intonation)
        let check = settings.practice.checkAudio
            ? AudioCrossCheck(trace: trace, sound: sound, report: report, sampleRate: settings.sampleRate) : nil
        let name = URL(fileURLWithPath: tracePath).lastPathComponent
        if let plotPath = settings.practice.plot {
            let canvas = IntonationPlot(report: report, points: points, settings: intonation, title: name).draw()
            if let problem = canvas.problem { throw problem }
            try ConfigFiles.write(Data(try canvas.pngData()), to: plotPath, createFolder: false)
        }
        if settings.json {
            Output.out(try IntonationText.json(report, trace: tracePath, crossCheck: check))
        } else {
            Output.out(IntonationText.render(report, trace: tracePath, crossCheck: check))
            if let plotPath = settings.practice.plot {
                Output.out("plot: \(plotPath) (\(IntonationPlot.width)x\(IntonationPlot.height))\n")
            }
        }
        return .succeeded
    }
}
