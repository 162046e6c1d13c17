import Foundation
import ThereminAudio
import ThereminCore
import ThereminSession

/// What a trace is written into instead of being played, for `--replay`, the demo and offline `--input`: the sound
/// file (`--output`), the MIDI file (`--midi-file`) and the OSC stream of a render (`--osc-out`).
struct TraceOutputs {
    let settings: Settings
    /// The trace's name in messages: its path, or "the demo".
    let tracePath: String

    /// `--output` and `--midi-file`, whichever were given (the sound file with its MIDI file and OSC; the MIDI
    /// file alone with OSC); nil when neither was, for the trace to be played instead.
    func write(_ trace: Trace) throws -> Outcome? {
        if let output = settings.output { return try render(trace, to: output) }
        guard let midiFile = settings.music.midiFile else { return nil }
        try writeMIDI(trace, to: midiFile)
        sendOSC(trace, plan: ReplayPlan(trace: trace, mapper: settings.sound.mapper,
                                        sampleRate: Double(settings.sampleRate), tail: 0))
        return .succeeded
    }

    /// `--play-along`: how the trace followed the score, after it was played or written.
    func judgePlayAlong(_ trace: Trace) throws {
        guard settings.playAlong.score != nil else { return }
        let plan = ReplayPlan(trace: trace, mapper: settings.sound.mapper, sampleRate: Double(settings.sampleRate),
                              tail: 0)
        let pitch = PlayedPitch(plan: plan, voice: settings.sound.voice)
        if let judged = try PlayAlongJudge(trace: trace, pitch: pitch, settings: settings) {
            Output.out(judged.text)
        }
    }

    /// `--output`: the performance rendered into a sound file as fast as possible, with its MIDI file and OSC.
    func render(_ trace: Trace, to output: String) throws -> Outcome {
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
            if let midiFile = settings.music.midiFile { FileSystem.remove(midiFile) }
            throw error
        }
        Output.out(String(format: "wrote %@: %.1f s, %d Hz, stereo (%d samples from %@)\n", output,
                          render.duration, settings.sampleRate, trace.samples.count, tracePath))
        sendOSC(trace, plan: render.plan)
        return .succeeded
    }

    /// `--osc-out` beside a render: the whole performance at once (`OSCFollower.sendAll`).
    func sendOSC(_ trace: Trace, plan: ReplayPlan) {
        guard let sender = OSCOut.open(settings) else { return }
        var follower = OSCFollower(sender: sender, plan: plan, trace: trace)
        follower.sendAll()
        OSCOut.finish(sender, settings: settings)
    }

    /// `--osc-out` beside an offline `--input` run: its trace, mapped with the input's calibration.
    func sendOSC(_ trace: Trace, calibration: Calibration) {
        sendOSC(trace, plan: ReplayPlan(trace: trace, mapper: settings.sound.mapper(calibratedBy: calibration),
                                        sampleRate: Double(settings.sampleRate), tail: 0))
    }

    /// `--midi-file`: the performance as a Standard MIDI File, timed as the audio would be.
    func writeMIDI(_ trace: Trace, to path: String) throws {
        let rate = Double(settings.sampleRate)
        let plan = ReplayPlan(trace: trace, mapper: settings.sound.mapper, sampleRate: rate, tail: 0)
        let file = StandardMIDIFile.performance(plan.schedule, slides: settings.slides(of: trace), sampleRate: rate,
                                                settings: settings.music.midi)
        try ConfigFiles.write(Data(file.encoded()), to: path, createFolder: false)
        Output.out(String(format: "wrote %@: %.1f s, %d MIDI events (%d samples from %@)\n", path,
                          trace.duration, file.events.count, trace.samples.count, tracePath))
    }

}

extension Settings {
    /// MPE's slide (CC 74) for each frame of the trace, in the order of the replay plan's schedule.
    func slides(of trace: Trace) -> [Double?] {
        music.midi.mode == .mpe ? music.midi.slide.values(in: trace, handMode: music.handMode) : []
    }
}
