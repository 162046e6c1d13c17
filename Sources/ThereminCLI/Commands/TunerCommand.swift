import Foundation
import ThereminAudio
import ThereminCore

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
        let estimator = TunerEstimator(sampleRate: Double(rate))
        let window = estimator.window
        // The newest `window` samples, oldest first; refilled in place.
        var history = [Float](repeating: 0, count: window)
        var block = [Float](repeating: 0, count: input.format.periodFrames)
        var heard = 0
        let limit = settings.music.duration.map { Int($0 * Double(rate)) }
        let terminal = Terminal.forStream(STDOUT_FILENO)
        var nextPlain = window
        var printedAny = false
        SignalWatch.install()
        while SignalWatch.received == nil {
            if let limit, heard >= limit { break }
            let got = try block.withUnsafeMutableBufferPointer { try input.read(into: $0.baseAddress!, maxFrames: $0.count) }
            guard got > 0 else { continue }
            shift(&history, appending: block[0..<got])
            heard += got
            guard heard >= window else { continue }
            let reading = history.withUnsafeBufferPointer { estimator.estimate($0) }
            let line = TunerNeedle.text(frequency: reading?.frequency)
            if terminal.isInteractive {
                Output.out("\r\u{1B}[2K" + line)
                printedAny = true
            } else if heard >= nextPlain {
                Output.out(line + "\n")
                nextPlain = heard + Int(TunerCommand.plainInterval * Double(rate))
            }
        }
        if printedAny { Output.out("\n") }
        if settings.verbose || input.overruns > 0 {
            Output.err(String(format: "tuner: listened %.1f s on %@, %d overrun(s)\n", Double(heard) / Double(rate),
                              input.pcm.device, input.overruns))
        }
        return .succeeded
    }

    /// Drops the oldest samples so the newest `new` fit at the end.
    private func shift(_ history: inout [Float], appending new: ArraySlice<Float>) {
        let count = min(new.count, history.count)
        let keep = history.count - count
        if keep > 0 {
            history.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                (base).update(from: base + count, count: keep)
            }
        }
        for (i, value) in new.suffix(count).enumerated() { history[keep + i] = value }
    }
}
