import Foundation
import ThereminAudio
import ThereminCore
import ThereminSession

/// The session's trace outputs from the options: `--output` (a sound file), `--midi-file` and `--osc-out`, opened
/// with the command line's files and sender, and a line on stdout for each file written.
extension Settings {
    /// - Parameter tracePath: the trace's name in those lines: its path, or "the demo".
    func traceOutputs(tracePath: String) -> TraceOutputs {
        var outputs = TraceOutputs(sound: sound, sampleRate: sampleRate, backingFiles: BackingTrackLoader.self)
        let rate = sampleRate
        outputs.soundFile = output.map { path in
            TraceOutputs.SoundFile(path: path, open: { try SoundFileWriter(path: path, sampleRate: rate, channels: 2) },
                                   progress: ProgressBar(label: "rendering \(URL(fileURLWithPath: path).lastPathComponent)").update)
        }
        outputs.midiFile = music.midiFile.map { path in
            TraceOutputs.MIDIFile(path: path, settings: music.midi) { bytes, path in
                try ConfigFiles.write(Data(bytes), to: path, createFolder: false)
            }
        }
        let settings = self
        outputs.openOSC = {
            OSCOut.open(settings).map { sender in (sender, { OSCOut.finish(sender, settings: settings) }) }
        }
        outputs.written = { written in
            switch written {
            case .soundFile(let path, let seconds, let samples):
                Output.out(String(format: "wrote %@: %.1f s, %d Hz, stereo (%d samples from %@)\n", path, seconds, rate,
                                  samples, tracePath))
            case .midiFile(let path, let seconds, let events, let samples):
                Output.out(String(format: "wrote %@: %.1f s, %d MIDI events (%d samples from %@)\n", path, seconds,
                                  events, samples, tracePath))
            }
        }
        return outputs
    }
}
