import Foundation
import ThereminAudio
import ThereminCore

/// `theremin --replay TRACE [--output FILE]`: plays a recorded trace through the same smoothing, mapping and sound
/// engine as live play — in real time on the sound card, or as fast as possible into a sound file.
struct ReplayCommand {
    let settings: Settings
    let tracePath: String

    func run() throws -> Int32 {
        let trace = try TraceReader.read(path: tracePath)
        let mapper = EngineFactory.mapper(settings)
        if let output = settings.output {
            // Every input (backing track, output type and folder) is checked before any file is written, and a
            // render that fails takes its MIDI file with it: no output is left behind half done.
            let render = try prepareRender(trace, mapper: mapper, to: output)
            if let midiFile = settings.music.midiFile {
                do {
                    try writeMIDI(trace, mapper: mapper, to: midiFile)
                } catch {
                    render.writer.discard()
                    throw error
                }
            }
            do {
                try render.run()
            } catch {
                if let midiFile = settings.music.midiFile { unlink(midiFile) }
                throw error
            }
            return 0
        }
        if let midiFile = settings.music.midiFile {
            try writeMIDI(trace, mapper: mapper, to: midiFile)
            return 0
        }
        return try play(trace, mapper: mapper)
    }

    /// `--midi-file`: the performance as a Standard MIDI File, timed as the audio would be.
    private func writeMIDI(_ trace: Trace, mapper: ControlMapper, to path: String) throws {
        let rate = Double(settings.sampleRate)
        let plan = ReplayPlan(trace: trace, mapper: mapper, sampleRate: rate, tail: 0)
        let file = StandardMIDIFile.performance(plan.schedule, sampleRate: rate, settings: settings.music.midi)
        try ConfigFiles.write(Data(file.encoded()), to: path, createFolder: false)
        Output.out(String(format: "wrote %@: %.1f s, %d MIDI events (%d samples from %@)\n", path,
                          trace.duration, file.events.count, trace.samples.count, tracePath))
    }

    /// A render ready to run: the mix built (backing track decoded) and the file opened under its temporary name.
    private struct PreparedRender {
        let mix: BlockRenderer
        let writer: SoundFileWriter
        let frames: Int
        let finish: () -> Void

        func run() throws {
            let bar = ProgressBar(label: "rendering \(URL(fileURLWithPath: writer.path).lastPathComponent)")
            try OfflineRender.run(mix, totalFrames: frames, into: writer, progress: bar.update)
            finish()
        }
    }

    private func prepareRender(_ trace: Trace, mapper: ControlMapper, to path: String) throws -> PreparedRender {
        let rate = Double(settings.sampleRate)
        let plan = ReplayPlan(trace: trace, mapper: mapper, sampleRate: rate, tail: EngineFactory.tail(settings))
        let renderer = ScheduledRenderer(engine: EngineFactory.make(settings, sampleRate: rate),
                                         schedule: plan.schedule, totalFrames: plan.totalFrames)
        let mix = try EngineFactory.mix(settings, theremin: renderer, sampleRate: settings.sampleRate)
        let writer = try SoundFileWriter(path: path, sampleRate: settings.sampleRate, channels: 2)
        let seconds = Double(plan.totalFrames) / rate
        let summary = String(format: "wrote %@: %.1f s, %d Hz, stereo (%d samples from %@)\n",
                             path, seconds, settings.sampleRate, trace.samples.count, tracePath)
        return PreparedRender(mix: mix, writer: writer, frames: plan.totalFrames, finish: { Output.out(summary) })
    }

    private func play(_ trace: Trace, mapper: ControlMapper) throws -> Int32 {
        // Connect MIDI first: a wrong port is an input error, reported before any sound.
        let sequencer = try settings.music.midiOut.map { try ALSASequencer(connectingTo: $0) }
        let output = try AudioOutput(request: EngineFactory.playbackRequest(settings))
        let rate = Double(output.format.sampleRate)
        if settings.verbose { Output.err("audio: \(output.pcm.device): \(output.format)\n") }
        let plan = ReplayPlan(trace: trace, mapper: mapper, sampleRate: rate, tail: EngineFactory.tail(settings))
        let engine = EngineFactory.make(settings, sampleRate: rate)
        let renderer = ScheduledRenderer(engine: engine, schedule: plan.schedule, totalFrames: plan.totalFrames)
        let mix = try EngineFactory.mix(settings, theremin: renderer, sampleRate: output.format.sampleRate)
        let midi = try sequencer.map { try MIDIFollower(sink: $0, settings: settings.music.midi, schedule: plan.schedule) }
        SignalWatch.install()
        output.start(mix)
        let status = StatusLine()
        let start = Date()
        var interrupted = false
        while !output.isFinished {
            if SignalWatch.received != nil {
                interrupted = true
                break
            }
            let frame = max(0, renderer.renderedFrames - output.deviceDelayFrames)
            try midi?.advance(toFrame: frame)
            let control = plan.control(at: frame)
            let level = control.map { $0.gate ? $0.amplitude * settings.voice.volume : 0 } ?? 0
            status.update(StatusLine.text(time: Double(frame) / rate, frequency: control?.frequency, level: level),
                          now: Date().timeIntervalSince(start))
            usleep(midi == nil ? 50_000 : 5_000)
        }
        try midi?.finish()
        if interrupted {
            // Fade out rather than cut: let the fade play before closing.
            try output.stop(afterFrames: Int(settings.voice.fade / 1000 * rate) + output.format.bufferFrames)
        } else {
            try output.wait()
        }
        status.finish()
        let played = Double(renderer.renderedFrames) / rate
        Output.out(String(format: "%@ %@: %.1f s on %@, %d underrun(s)\n", interrupted ? "stopped" : "replayed",
                          tracePath, played, output.pcm.device, output.underruns))
        return 0
    }
}
