// render-bench: how fast the sound engine renders, as a multiple of real time on one core.
//
// Renders a minute of a performance (a control every 1/30 s, gliding over two octaves and with the hand coming and
// going, like a replayed trace) through several chains and prints the median of repeated runs. The full chain is
// what issue 6 asks to keep at or above 500x real time: theremin voice + vibrato + low-pass + delay + a looping
// stereo backing track, mixed to stereo. Usage: render-bench [seconds] [repeats]
import Foundation
import ThereminCore

let arguments = CommandLine.arguments.dropFirst()
let seconds = arguments.first.flatMap(Double.init) ?? 60
let repeats = arguments.dropFirst().first.flatMap(Int.init) ?? 7
let rate = 48_000.0
let frames = Int(seconds * rate)

/// The performance: 30 controls a second, pitch gliding 220–880 Hz, volume swaying, the hand away 10 % of the time.
func schedule() -> [TimedControl] {
    var controls: [TimedControl] = []
    let count = Int(seconds * 30)
    controls.reserveCapacity(count)
    for i in 0..<count {
        let t = Double(i) / 30
        let frequency = 220 * pow(4, 0.5 + 0.5 * sin(t * 0.7))
        let present = Int(t) % 10 != 9
        controls.append(TimedControl(sampleIndex: Int(t * rate),
                                     control: Control(frequency: frequency, amplitude: 0.5 + 0.4 * sin(t * 1.3), gate: present)))
    }
    return controls
}

/// Ten seconds of a stereo backing: a chord, different on each side.
func backing() -> BackingTrack {
    let count = Int(10 * rate)
    var left = [Float](repeating: 0, count: count), right = left
    for i in 0..<count {
        let t = Double(i) / rate
        left[i] = Float(0.2 * sin(2 * .pi * 110 * t) + 0.1 * sin(2 * .pi * 165 * t))
        right[i] = Float(0.2 * sin(2 * .pi * 138.6 * t) + 0.1 * sin(2 * .pi * 220 * t))
    }
    return BackingTrack(left: left, right: right, loops: true, crossfadeFrames: Int(0.02 * rate))
}

struct Chain {
    let name: String
    let make: () -> BlockRenderer
}

let controls = schedule()
let track = backing()
let fullVoice = VoiceSettings(waveform: .theremin, brightness: 0.35, vibrato: VibratoSettings(rate: 5.5, depth: 15))
let chains = [
    Chain(name: "reference: sine voice, no effects") {
        ScheduledRenderer(engine: SynthEngine(sampleRate: rate, voice: VoiceSettings()), schedule: controls, totalFrames: frames)
    },
    Chain(name: "theremin voice + vibrato") {
        ScheduledRenderer(engine: SynthEngine(sampleRate: rate, voice: fullVoice), schedule: controls, totalFrames: frames)
    },
    Chain(name: "full: theremin + vibrato + low-pass + delay + backing") {
        let effects = EffectChain([LowPass(settings: LowPassSettings(cutoff: 2_000, resonance: 0.7), sampleRate: rate),
                                   Delay(settings: DelaySettings(), sampleRate: rate)])
        let engine = SynthEngine(sampleRate: rate, voice: fullVoice, effects: effects)
        let theremin = ScheduledRenderer(engine: engine, schedule: controls, totalFrames: frames)
        return StereoMixer(source: theremin, backing: BackingPlayer(track: track, volume: 0.5))
    },
]

/// Renders the whole performance in 240-frame periods (5 ms, as the live audio thread does); returns seconds taken.
func time(_ chain: Chain) -> (seconds: Double, checksum: Double) {
    let renderer = chain.make()
    let period = 240
    let left = UnsafeMutablePointer<Float>.allocate(capacity: period)
    let right = UnsafeMutablePointer<Float>.allocate(capacity: period)
    defer { left.deallocate(); right.deallocate() }
    var checksum = 0.0
    let start = DispatchTime.now().uptimeNanoseconds
    var done = 0
    while done < frames {
        let n = min(period, frames - done)
        renderer.renderStereo(left: left, right: right, frames: n)
        checksum += Double(left[0]) + Double(right[n - 1])
        done += n
    }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return (elapsed, checksum)
}

print(String(format: "render-bench: %.0f s of audio at %.0f Hz, median of %d runs, one core", seconds, rate, repeats))
var reference: Double?
for chain in chains {
    var speeds: [Double] = []
    var checksum = 0.0
    for _ in 0..<repeats {
        let (elapsed, sum) = time(chain)
        speeds.append(seconds / elapsed)
        checksum = sum
    }
    speeds.sort()
    let median = speeds[speeds.count / 2]
    if reference == nil { reference = median }
    let ratio = median / (reference ?? median)
    let label = chain.name.padding(toLength: 56, withPad: " ", startingAt: 0)
    print("  " + label + String(format: "%8.0fx real time  (%.2fx the reference; min %.0fx, max %.0fx; checksum %.3f)",
                                median, ratio, speeds.first ?? 0, speeds.last ?? 0, checksum))
}
