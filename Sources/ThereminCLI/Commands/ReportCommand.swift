import Foundation
import ThereminCore
import ThereminPreview
import ThereminSession

/// `theremin --report TRACE [--scale … --root …] [--plot FILE.png] [--json] [--report-audio] [--play-along SCORE]`:
/// how in tune a recorded performance was, from the trace through the same mapping as `--replay` (what the
/// instrument played), and, for a take played along with a score, how each of its notes was played.
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
        let playAlong = try PlayAlongJudge(trace: trace, pitch: PlayedPitch(plan: plan, voice: sound.voice),
                                           settings: settings)
        let check = settings.practice.checkAudio
            ? AudioCrossCheck(trace: trace, sound: sound, report: report, sampleRate: settings.sampleRate) : nil
        let name = URL(fileURLWithPath: tracePath).lastPathComponent
        if let plotPath = settings.practice.plot {
            let melody = playAlong.map { IntonationPlot.Melody($0.result, firstBeat: $0.firstBeat, traceStart: plan.startTime) }
            let title = playAlong.map { String(format: "%@   %@ %.0f of 100", name, $0.result.title, $0.result.overall) } ?? name
            let canvas = IntonationPlot(report: report, points: points, settings: intonation, title: title,
                                        melody: melody).draw()
            if let problem = canvas.problem { throw problem }
            try ConfigFiles.write(Data(try canvas.pngData()), to: plotPath, createFolder: false)
        }
        if settings.json {
            Output.out(try IntonationText.json(report, trace: tracePath, crossCheck: check,
                                               playAlong: playAlong.map { .init($0.result, firstBeat: $0.firstBeat) }))
        } else {
            Output.out(IntonationText.render(report, trace: tracePath, crossCheck: check))
            if let playAlong {
                Output.out(playAlong.text)
                if settings.practice.checkAudio {
                    Output.out(PlayAlongSoundCheck(trace: trace, sound: sound, score: playAlong.result,
                                                   firstBeat: playAlong.firstBeat, sampleRate: settings.sampleRate).summary + "\n")
                }
            }
            if let plotPath = settings.practice.plot {
                Output.out("plot: \(plotPath) (\(IntonationPlot.width)x\(IntonationPlot.height))\n")
            }
        }
        return .succeeded
    }
}
