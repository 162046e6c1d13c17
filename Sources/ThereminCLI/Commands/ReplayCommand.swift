import Foundation
import ThereminAudio
import ThereminCore
import ThereminSession

/// `theremin --replay TRACE [--output FILE]`: plays a recorded trace through the session library's one render
/// set-up (`RenderSetup`) — in real time on the sound card, or as fast as possible into a sound file (the session's
/// `TraceOutputs`).
struct ReplayCommand {
    let settings: Settings
    let tracePath: String

    func run() throws -> Outcome {
        let trace = try TraceReader.read(path: tracePath)
        if trace.interrupted {
            let take = LeftoverTake(path: tracePath, kind: .interruptedTake)
            Output.err("theremin: \(take.replayNotice(frames: trace.samples.count))\n")
        }
        return try run(trace)
    }

    /// Renders the trace into its files, or else plays it; with `--play-along`, the take's score follows. The
    /// presets the take switched to are read from the presets folder first.
    private func run(_ trace: Trace) throws -> Outcome {
        guard !trace.soundChanges.isEmpty, settings.presetSounds.isEmpty else { return try play(orRender: trace) }
        var withPresets = settings
        withPresets.presetSounds = try PresetList.forReplay(of: trace, settings)
        return try ReplayCommand(settings: withPresets, tracePath: tracePath).play(orRender: trace)
    }

    private func play(orRender trace: Trace) throws -> Outcome {
        let outputs = settings.traceOutputs(tracePath: tracePath)
        let outcome = try outputs.write(trace) ? .succeeded : play(trace)
        try PlayAlongJudge.say(trace, outputs: outputs, settings: settings)
        return outcome
    }

    /// Plays on the sound card through the session's replay loop, with MIDI and OSC following the sound.
    private func play(_ trace: Trace) throws -> Outcome {
        // A wrong MIDI port is an input error, reported before the sound device opens; JACK MIDI beside JACK sound
        // goes on the sound's client, so it is connected just after it, still before any sound.
        let onSound = MIDIOutputChoice.goesOnSoundClient(settings)
        var sequencer = onSound ? nil : try settings.music.midiOut.map {
            try MIDIOutputChoice.open($0, settings: settings, sound: nil)
        }
        let opened = try settings.openSoundOutput()
        let output = opened.output
        if onSound {
            sequencer = try settings.music.midiOut.map { try MIDIOutputChoice.open($0, settings: settings, sound: output) }
        }
        if settings.verbose { Output.err("audio: \(opened.name): \(opened.details)\n") }
        let render = try RenderSetup(sound: settings.sound, sampleRate: output.sampleRate,
                                     files: BackingTrackLoader.self).performance(of: trace)
        var playback = ReplayPlayback()
        playback.followers = try followers(of: render, trace: trace, sequencer: sequencer, output: output)
        let status = StatusLine()
        playback.show = status.showingReplay(sampleRate: Double(output.sampleRate),
                                              volume: settings.voice.volume)
        SignalWatch.install()
        playback.stopRequested = { SignalWatch.received != nil }
        let (ending, played) = try playback.run(render, on: output, sound: settings.sound)
        status.finish()
        Output.out(String(format: "%@ %@: %.1f s on %@, %d underrun(s)\n", ending == .stopped ? "stopped" : "replayed",
                          tracePath, played, opened.name, output.underruns))
        return .succeeded
    }
}
