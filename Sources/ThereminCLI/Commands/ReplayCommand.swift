import Foundation
import ThereminAudio
import ThereminCore
import ThereminSession

/// `theremin --replay TRACE [--output FILE]`: plays a recorded trace through the session library's one render
/// set-up (`RenderSetup`) — in real time on the sound card, or as fast as possible into a sound file.
struct ReplayCommand {
    let settings: Settings
    let tracePath: String

    func run() throws -> Outcome {
        let trace = try TraceReader.read(path: tracePath)
        if trace.interrupted {
            let take = LeftoverTake(path: tracePath, kind: .interruptedTake)
            Output.err("theremin: \(tracePath) is an interrupted take: playing the \(trace.samples.count) frames it holds; "
                + "mark it complete with: \(take.recoverCommand)\n")
        }
        return try run(trace)
    }

    /// Plays or renders a trace already in memory (`tracePath` only names it in messages): the demo's.
    func run(_ trace: Trace) throws -> Outcome {
        if let output = settings.output {
            // Every input (backing track, output type and folder) is checked before any file is written, and a
            // render that fails takes its MIDI file with it: no output is left behind half done.
            let render = try RenderSetup(sound: settings.sound, sampleRate: settings.sampleRate,
                                         files: BackingTrackLoader.self).performance(of: trace)
            let writer = try SoundFileWriter(path: output, sampleRate: settings.sampleRate, channels: 2)
            if let midiFile = settings.music.midiFile {
                do {
                    try writeMIDI(trace, to: midiFile)
                } catch {
                    writer.discard()
                    throw error
                }
            }
            do {
                let bar = ProgressBar(label: "rendering \(URL(fileURLWithPath: output).lastPathComponent)")
                try render.render(into: writer, progress: bar.update)
            } catch {
                if let midiFile = settings.music.midiFile { unlink(midiFile) }
                throw error
            }
            Output.out(String(format: "wrote %@: %.1f s, %d Hz, stereo (%d samples from %@)\n", output,
                              render.duration, settings.sampleRate, trace.samples.count, tracePath))
            sendOSC(trace, plan: render.plan)
            return .succeeded
        }
        if let midiFile = settings.music.midiFile {
            try writeMIDI(trace, to: midiFile)
            sendOSC(trace, plan: ReplayPlan(trace: trace, mapper: settings.sound.mapper,
                                            sampleRate: Double(settings.sampleRate), tail: 0))
            return .succeeded
        }
        return try play(trace)
    }

    /// `--osc-out` beside a render: the whole performance at once (`OSCFollower.sendAll`).
    func sendOSC(_ trace: Trace, plan: ReplayPlan) {
        guard let sender = OSCOut.open(settings) else { return }
        var follower = OSCFollower(sender: sender, plan: plan, trace: trace)
        follower.sendAll()
        OSCOut.finish(sender, settings: settings)
    }

    /// `--midi-file`: the performance as a Standard MIDI File, timed as the audio would be.
    private func writeMIDI(_ trace: Trace, to path: String) throws {
        let rate = Double(settings.sampleRate)
        let plan = ReplayPlan(trace: trace, mapper: settings.sound.mapper, sampleRate: rate, tail: 0)
        let file = StandardMIDIFile.performance(plan.schedule, slides: slides(of: trace), sampleRate: rate,
                                                settings: settings.music.midi)
        try ConfigFiles.write(Data(file.encoded()), to: path, createFolder: false)
        Output.out(String(format: "wrote %@: %.1f s, %d MIDI events (%d samples from %@)\n", path,
                          trace.duration, file.events.count, trace.samples.count, tracePath))
    }

    /// MPE's slide (CC 74) for each frame of the trace, in the order of the replay plan's schedule.
    private func slides(of trace: Trace) -> [Double?] {
        let midi = settings.music.midi
        return midi.mode == .mpe ? midi.slide.values(in: trace, handMode: settings.music.handMode) : []
    }

    private func play(_ trace: Trace) throws -> Outcome {
        // Connect MIDI first: a wrong port is an input error, reported before any sound.
        let sequencer = try settings.music.midiOut.map { try ALSASequencer(connectingTo: $0) }
        let output = try AudioOutput(request: settings.playbackRequest)
        let rate = Double(output.format.sampleRate)
        if settings.verbose { Output.err("audio: \(output.pcm.device): \(output.format)\n") }
        let render = try RenderSetup(sound: settings.sound, sampleRate: output.format.sampleRate,
                                     files: BackingTrackLoader.self).performance(of: trace)
        let plan = render.plan
        let midi = try sequencer.map {
            try MIDIFollower(sink: $0, settings: settings.music.midi, schedule: plan.schedule, slides: slides(of: trace))
        }
        let osc = OSCOut.open(settings)
        var oscFollower = osc.map { OSCFollower(sender: $0, plan: plan, trace: trace) }
        SignalWatch.install()
        output.start(render.mix)
        let status = StatusLine()
        let start = MonotonicClock.now()
        var interrupted = false
        while !output.isFinished {
            if SignalWatch.received != nil {
                interrupted = true
                break
            }
            let frame = max(0, render.theremin.renderedFrames - output.deviceDelayFrames)
            try midi?.advance(toFrame: frame)
            oscFollower?.advance(toFrame: frame)
            let control = plan.control(at: frame)
            let level = control.map { $0.gate ? $0.amplitude * settings.voice.volume : 0 } ?? 0
            status.update(StatusLine.text(time: Double(frame) / rate, frequency: control?.frequency, level: level),
                          now: MonotonicClock.now() - start)
            usleep(midi == nil && osc == nil ? 50_000 : 5_000)
        }
        try midi?.finish()
        OSCOut.finish(osc, settings: settings)
        if interrupted {
            // Fade out rather than cut: let the fade play before closing.
            try output.stop(afterFrames: settings.sound.fadeOutFrames(sampleRate: output.format.sampleRate,
                                                                      bufferFrames: output.format.bufferFrames))
        } else {
            try output.wait()
        }
        status.finish()
        let played = Double(render.theremin.renderedFrames) / rate
        Output.out(String(format: "%@ %@: %.1f s on %@, %d underrun(s)\n", interrupted ? "stopped" : "replayed",
                          tracePath, played, output.pcm.device, output.underruns))
        return .succeeded
    }
}
