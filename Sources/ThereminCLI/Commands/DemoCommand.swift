import Foundation
import ThereminCore
import ThereminSession

/// `theremin --demo`: Ode to Joy played by a generated hand (`DemoTune`, `DemoPerformance`), through the sound card
/// with the live display — the preview's note lines, the fingertip and the readout, or the terminal line — so a
/// newcomer hears the instrument and sees what the display shows before owning a webcam. With `--output` it renders
/// into a file like `--replay` (bit-identical run to run).
struct DemoCommand {
    let settings: Settings
    /// The line to say in place of the demo's own, given the piece (`Ode to Joy, 30 s`): live play found no camera
    /// and plays the demo instead.
    var standingIn: ((String) -> String)?

    func run() throws -> RunResult {
        // With --response steady the hand leads the One Euro filter, so the notes arrive on time.
        var trace = DemoPerformance.trace(try tune(), mapping: settings.mapping, smoothing: settings.smoothing,
                                          title: title)
        if let take = PlayAlongSettings.take(settings.playAlong), let score = settings.playAlong.score {
            // The generated hand starts on the first beat, a bar of count-in after the sound.
            trace.metadata.entries += take.headerEntries + [(PlayAlongTake.startKey, String(format: "%.6f", score.countIn))]
        }
        if settings.output != nil || settings.music.midiFile != nil {
            var take: String?
            if let asked = settings.record {
                try TraceFile.write(trace, asked: asked) { path in
                    take = path
                    if path != asked { Output.err("recording to \(path) (\(asked) exists)\n") }
                }
            }
            let outputs = settings.traceOutputs(tracePath: "the demo")
            _ = try outputs.write(trace)
            try PlayAlongJudge.say(trace, outputs: outputs, settings: settings)
            return RunResult(.succeeded, take: take)
        }
        let samples = trace.samples
        guard let last = samples.indices.last else { return RunResult(.succeeded) }
        let source = BlankFrameSource(name: "demo: \(title)", frameCount: samples.count,
                                      frameRate: DemoPerformance.frameRate)
        let length = "\(Int(trace.duration.rounded())) s"
        var play = LivePlay(settings: settings)
        play.seesPeople = false
        play.announcement = standingIn.map { "theremin: \($0("\(title), \(length)"))\n" }
            ?? "demo: \(title), played by a generated hand (\(length)); "
                + "with a webcam, run `\(InvokedName.current)` and play it yourself\n"
        // The generated hand for each frame; the loop stamps it with the frame's time.
        let tracking = HandTrackingFunction { frame in HandsFrame(samples[min(Int(frame.sequence), last)]) }
        return try play.run(source: source, tracking: tracking, calibration: .identity,
                                                    paceByFrameTime: true, isTransient: { _ in false })
    }

    /// The piece the generated hand plays: the demo's tune, or with `--play-along` the score (a bar's rest first,
    /// for the count-in), at its pace.
    private var title: String { settings.playAlong.score?.title ?? DemoTune.title }

    private func tune() throws -> Tune {
        guard let score = settings.playAlong.score else { return try DemoTune.tune() }
        var tune: Tune
        if settings.playAlong.path == PlayAlongSettings.demoName && score.title == DemoTune.title {
            // The demo's own tune keeps its glides and vibrato marks.
            tune = try DemoTune.tune()
            tune.tempo *= settings.playAlong.pace
        } else {
            tune = DemoPerformance.tune(playing: score)
        }
        tune.events.insert(Tune.Event(midi: nil, beats: score.countIn / tune.beat, glide: false, vibrato: false), at: 0)
        return tune
    }
}
