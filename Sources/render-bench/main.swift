// Render-speed benchmark: how many times faster than real time the sound engine renders one voice with glide and
// delay, next to sox synthesizing the same length of sine as a reference on the same machine; then the musicianship
// chain (issue 6: theremin voice + vibrato + low-pass + delay + a looping stereo backing track, mixed to stereo),
// which must stay at or above 500x real time on one core.
// Usage: render-bench [seconds-of-audio] [runs]
//        render-bench --trace-parse [runs]   (only the parse time of a two-minute trace)
import Foundation
import ThereminCore

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--trace-parse" {
    benchmarkTraceParse(runs: Int(arguments.dropFirst().first ?? "") ?? 21)
    exit(0)
}
let audioSeconds = Double(arguments.first ?? "") ?? 60
let runs = Int(arguments.dropFirst().first ?? "") ?? 5
let rate = 48_000.0
let block = 240

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

/// A performance that keeps every ramp busy: a new control at 30 fps sweeping pitch and level.
func schedule(frames: Int) -> [TimedControl] {
    stride(from: 0, to: frames, by: 1_600).enumerated().map { index, sample in
        let t = Double(index) / 30
        return TimedControl(sampleIndex: sample,
                            control: Control(frequency: 330 + 110 * sin(t * 2.1), amplitude: 0.5 + 0.4 * sin(t * 0.7),
                                             gate: index % 90 < 80))
    }
}

func renderOnce() -> Double {
    let frames = Int(audioSeconds * rate)
    let engine = SynthEngine(sampleRate: rate, voice: VoiceSettings(waveform: .sine),
                             effects: EffectChain([Delay(settings: DelaySettings(), sampleRate: rate)]))
    let renderer = ScheduledRenderer(engine: engine, schedule: schedule(frames: frames), totalFrames: frames)
    let buffer = UnsafeMutablePointer<Float>.allocate(capacity: block)
    defer { buffer.deallocate() }
    var checksum: Float = 0
    let start = MonotonicClock.now()
    while !renderer.isFinished {
        renderer.render(into: buffer, frames: block)
        checksum += buffer[0]
    }
    let elapsed = MonotonicClock.now() - start
    if checksum.isNaN { print("checksum NaN") }
    return elapsed
}

func soxOnce() -> Double? {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("render-bench-sox.wav").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sox")
    process.arguments = ["-n", "-r", "48000", "-b", "16", out, "synth", String(audioSeconds), "sine", "440"]
    process.standardError = FileHandle.nullDevice
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sox") else { return nil }
    let start = MonotonicClock.now()
    do { try process.run() } catch { return nil }
    process.waitUntilExit()
    let elapsed = MonotonicClock.now() - start
    try? FileManager.default.removeItem(atPath: out)
    return process.terminationStatus == 0 ? elapsed : nil
}

var engineTimes: [Double] = []
var soxTimes: [Double] = []
for _ in 0..<runs {
    engineTimes.append(renderOnce())
    if let sox = soxOnce() { soxTimes.append(sox) }
}
let engine = median(engineTimes)
print(String(format: "engine  (sine + glide + gate + delay): %6.1f ms for %.0f s of audio = %7.0fx real time (median of %d)",
             engine * 1000, audioSeconds, audioSeconds / engine, runs))
if soxTimes.isEmpty {
    print("sox not found: install sox for the reference figure")
} else {
    let sox = median(soxTimes)
    print(String(format: "sox     (synth sine 440, 16-bit WAV):  %6.1f ms for %.0f s of audio = %7.0fx real time (median of %d)",
                 sox * 1000, audioSeconds, audioSeconds / sox, soxTimes.count))
    print(String(format: "ratio   engine speed / sox speed: %.2f", sox / engine))
}

// MARK: musicianship chain

/// Ten seconds of a stereo backing, looped: a chord, different on each side.
func backingTrack() -> BackingTrack {
    let count = Int(10 * rate)
    var left = [Float](repeating: 0, count: count), right = left
    for i in 0..<count {
        let t = Double(i) / rate
        left[i] = Float(0.2 * sin(2 * .pi * 110 * t) + 0.1 * sin(2 * .pi * 165 * t))
        right[i] = Float(0.2 * sin(2 * .pi * 138.6 * t) + 0.1 * sin(2 * .pi * 220 * t))
    }
    return BackingTrack(left: left, right: right, loops: true, crossfadeFrames: Int(0.02 * rate))
}

/// Renders the full chain in stereo, block by block as the audio thread does; returns the seconds taken.
func renderFullChainOnce(_ track: BackingTrack) -> Double {
    let frames = Int(audioSeconds * rate)
    let voice = VoiceSettings(waveform: .theremin, brightness: 0.35, vibrato: VibratoSettings(rate: 5.5, depth: 15))
    let effects = EffectChain([LowPass(settings: LowPassSettings(cutoff: 2_000, resonance: 0.7), sampleRate: rate),
                               Delay(settings: DelaySettings(), sampleRate: rate)])
    let engine = SynthEngine(sampleRate: rate, voice: voice, effects: effects)
    let theremin = ScheduledRenderer(engine: engine, schedule: schedule(frames: frames), totalFrames: frames)
    let mixer = StereoMixer(source: theremin, backing: BackingPlayer(track: track, volume: 0.5))
    let left = UnsafeMutablePointer<Float>.allocate(capacity: block)
    let right = UnsafeMutablePointer<Float>.allocate(capacity: block)
    defer { left.deallocate(); right.deallocate() }
    var checksum: Float = 0
    let start = MonotonicClock.now()
    while !mixer.isFinished {
        mixer.renderStereo(left: left, right: right, frames: block)
        checksum += left[0] + right[block - 1]
    }
    let elapsed = MonotonicClock.now() - start
    if checksum.isNaN { print("checksum NaN") }
    return elapsed
}

let track = backingTrack()
var fullTimes: [Double] = []
for _ in 0..<runs { fullTimes.append(renderFullChainOnce(track)) }
let full = median(fullTimes)
print(String(format: "full    (theremin voice + vibrato + low-pass + delay + backing, stereo): %6.1f ms for %.0f s of audio = %7.0fx real time (median of %d; goal >= 500x)",
             full * 1000, audioSeconds, audioSeconds / full, runs))
print(String(format: "ratio   full chain speed / engine speed: %.2f", engine / full))
