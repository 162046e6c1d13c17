import Foundation
import ThereminCore
import ThereminSession

/// `theremin --demo`: Ode to Joy played by a generated hand (`DemoTune`, `DemoPerformance`), through the sound card
/// with the live display — the preview's note lines, the fingertip and the readout, or the terminal line — so a
/// newcomer hears the instrument and sees what the display shows before owning a webcam. With `--output` it renders
/// into a file like `--replay` (bit-identical run to run).
struct DemoCommand {
    let settings: Settings
    static let title = "Ode to Joy (Beethoven)"

    func run() throws -> RunResult {
        // With --response steady the hand leads the One Euro filter, so the notes arrive on time.
        let trace = DemoPerformance.trace(try DemoTune.tune(), mapping: settings.mapping, smoothing: settings.smoothing,
                                          title: Self.title)
        if settings.output != nil || settings.music.midiFile != nil {
            var take: String?
            if let asked = settings.record {
                try TraceFile.write(trace, asked: asked) { path in
                    take = path
                    if path != asked { Output.err("recording to \(path) (\(asked) exists)\n") }
                }
            }
            return RunResult(try TraceOutputs(settings: settings, tracePath: "the demo").write(trace) ?? .succeeded,
                             take: take)
        }
        let samples = trace.samples
        guard let last = samples.indices.last else { return RunResult(.succeeded) }
        let source = BlankFrameSource(name: "demo: \(Self.title)", frameCount: samples.count,
                                      frameRate: DemoPerformance.frameRate)
        Output.err("demo: \(Self.title), played by a generated hand (\(Int(trace.duration.rounded())) s); "
                   + "with a webcam, run `theremin` and play it yourself\n")
        // The generated hand for each frame; the loop stamps it with the frame's time.
        let tracking = HandTrackingFunction { frame in HandsFrame(samples[min(Int(frame.sequence), last)]) }
        return try LivePlay(settings: settings).run(source: source, tracking: tracking, calibration: .identity,
                                                    paceByFrameTime: true, isTransient: { _ in false })
    }
}
