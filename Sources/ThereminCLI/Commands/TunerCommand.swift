import Foundation
import ThereminAudio
import ThereminCore
import ThereminSession

/// `theremin --tuner`: listens on a capture device and shows the note, cents off and frequency of the loudest
/// pitched sound, refreshed as the sound arrives. On a terminal the line is redrawn in place; otherwise a reading is
/// printed as soon as there is one and then every quarter second of sound, so logs and tests see steady output.
struct TunerCommand {
    let settings: Settings

    /// Seconds of sound between printed lines when stdout is not a terminal.
    static let plainInterval = 0.25

    func run() throws -> Outcome {
        let input = try AudioInput(device: settings.music.audioInput, sampleRate: settings.sampleRate)
        defer { input.close() }
        let rate = input.format.sampleRate
        if settings.verbose { Output.err("tuner: \(input.pcm.device): \(input.format)\n") }
        let terminal = Terminal.forStream(STDOUT_FILENO)
        var nextPlain = 0
        var printedAny = false
        var listening = TunerListening(duration: settings.music.duration)
        listening.show = { reading, heard in
            let line = TunerNeedle.text(frequency: reading?.frequency)
            if terminal.isInteractive {
                Output.out("\r\u{1B}[2K" + line)
                printedAny = true
            } else if heard >= nextPlain {
                Output.out(line + "\n")
                nextPlain = heard + Int(TunerCommand.plainInterval * Double(rate))
            }
        }
        SignalWatch.install()
        listening.stopRequested = { SignalWatch.received != nil }
        let heard = try listening.run(on: input)
        if printedAny { Output.out("\n") }
        if settings.verbose || input.overruns > 0 {
            Output.err(String(format: "tuner: listened %.1f s on %@, %d overrun(s)\n", Double(heard) / Double(rate),
                              input.pcm.device, input.overruns))
        }
        return .succeeded
    }
}
