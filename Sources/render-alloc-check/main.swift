// Allocation check for the render path: runs every renderer the audio thread plays (live, scheduled replay, the
// stereo mix with backing track and cues, the phrase looper with three layers, with every voice and effect in use,
// LV2 plugins from each suite and a stereo LV2 chain with a worker) block by block, counting the heap
// allocations made inside the render calls only (MallocCounter replaces the malloc family in this executable).
// The render contract says there must be none. A renderer that grows an array while rendering runs as a control:
// it must be caught, or the counter itself is broken.
// Prints one line per renderer ("NAME: BLOCKS blocks, COUNT allocation(s)"); exit 0 when the real renderers made no
// allocation and the control made some, 1 otherwise, 77 when counting is unavailable (sanitizer builds).
// Usage: render-alloc-check [blocks]      (Tests/ThereminCoreTests/DSP/RenderAllocationTests.swift runs it)
import Foundation
import MallocCounter
import ThereminCore
import ThereminLV2

let blocks = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 2_000
let rate = 48_000.0
let frames = 240

guard theremin_malloc_counter_available() != 0 else {
    print("render-alloc-check: allocation counting is unavailable in a sanitizer build")
    exit(77)
}

let left = UnsafeMutablePointer<Float>.allocate(capacity: frames)
let right = UnsafeMutablePointer<Float>.allocate(capacity: frames)
left.initialize(repeating: 0, count: frames)
right.initialize(repeating: 0, count: frames)

/// Every sound-shaping unit at once: theremin voice with vibrato, then low-pass and delay.
func fullEngine(waveform: Waveform = .theremin) -> SynthEngine {
    let voice = VoiceSettings(waveform: waveform, brightness: 0.4, vibrato: VibratoSettings(rate: 5.5, depth: 15))
    let effects = EffectChain([LowPass(settings: LowPassSettings(cutoff: 1_800, resonance: 0.7), sampleRate: rate),
                               Delay(settings: DelaySettings(), sampleRate: rate)])
    return SynthEngine(sampleRate: rate, voice: voice, effects: effects)
}

/// A hand sweeping up and down at 30 fps, leaving the picture now and then, with its path (as the motion estimator
/// gives it), so the voice follows the path and the live renderer carries it ahead inside the count.
func control(_ block: Int) -> Control {
    let t = Double(block * frames) / rate
    var control = Control(frequency: 330 + 110 * sin(t * 2.1), amplitude: 0.5 + 0.4 * sin(t * 0.7),
                          gate: block % 300 < 260, sourceTime: MonotonicClock.now(), trackedTime: MonotonicClock.now())
    control.pitchSlope = 0.6 * cos(t * 2.1)
    control.amplitudeSlope = 0.28 * cos(t * 0.7)
    control.horizon = 0.024
    control.lowestPitch = log2(control.frequency) - 0.01
    control.highestPitch = log2(control.frequency) + 0.01
    control.lowestAmplitude = control.amplitude - 0.01
    control.highestAmplitude = control.amplitude + 0.01
    return control
}

/// Runs `blocks` blocks: `prepare` (the other threads' part: controls, keys, cues) outside the count, `render`
/// (the audio thread's part) inside it. Returns the allocations counted inside.
func count(_ name: String, prepare: (Int) -> Void, render: () -> Void) -> UInt64 {
    // Warm-up block: first calls may instantiate generic metadata in the Swift runtime (once per process, not per
    // block; the audio output renders a block of silence-to-be before playback starts as well).
    prepare(0)
    render()
    var total: UInt64 = 0
    for block in 1...blocks {
        prepare(block)
        theremin_malloc_counter_begin()
        render()
        total += theremin_malloc_counter_end()
    }
    print("\(name): \(blocks) blocks, \(total) allocation(s)")
    return total
}

var failures = 0

// Live play: controls from the tracking side, mute, stall and waveform changes from the keys and the watchdog.
let live = LiveRenderer(engine: fullEngine())
failures += count("live", prepare: { block in
    live.controls.push(control(block))
    if block % 97 == 0 { live.setWaveform(Waveform.allCases[(block / 97) % Waveform.allCases.count]) }
    live.setMuted(block % 500 > 480)
    live.setSourceStalled(block % 700 > 690)
    while live.latencies.pop() != nil {}
}, render: {
    live.renderStereo(left: left, right: right, frames: frames)
    live.didWrite(delayFrames: 3 * frames)
}) == 0 ? 0 : 1

// Replay: a scheduled performance from a trace, faded out near the end as Ctrl-C does.
let samples = (0..<(blocks / 6 + 60)).map { i -> HandSample in
    let t = Double(i) / 30
    return i % 50 < 45 ? HandSample(t: t, x: 0.5 + 0.4 * sin(t), y: 0.5 + 0.4 * cos(t * 1.3), present: true) : .absent(at: t)
}
let plan = ReplayPlan(trace: Trace(samples: samples), mapper: ControlMapper(), sampleRate: rate, tail: 0.5)
let replay = ScheduledRenderer(engine: fullEngine(waveform: .saw), schedule: plan.schedule, totalFrames: plan.totalFrames)
failures += count("replay", prepare: { block in
    if block == blocks - 50 { replay.fadeOut() }
}, render: {
    replay.renderStereo(left: left, right: right, frames: frames)
}) == 0 ? 0 : 1

// A set list: three presets' sounds switched live every 40 blocks (the old one ringing out its delay) and in a
// replay at the rows a take names them.
let setList = LiveRenderer(sounds: SoundSwitch(engines: [fullEngine(), fullEngine(waveform: .saw), fullEngine(waveform: .sine)],
                                               tails: [0.6, 0.6, 0.6]))
failures += count("set list (live)", prepare: { block in
    setList.controls.push(control(block))
    if block % 40 == 0 { setList.selectSound((block / 40) % 3) }
    while setList.latencies.pop() != nil {}
}, render: {
    setList.renderStereo(left: left, right: right, frames: frames)
}) == 0 ? 0 : 1
var switched = Trace(samples: samples)
switched.soundChanges = stride(from: 10, to: samples.count, by: 25).map { TraceSoundChange(row: $0, preset: ["b", "a"][($0 / 25) % 2]) }
let switchedPlan = ReplayPlan(trace: switched, mapper: ControlMapper(), sampleRate: rate, tail: 0.5,
                              presets: [("a", ControlMapper()), ("b", ControlMapper(octave: 1))])
let setListReplay = ScheduledRenderer(sounds: SoundSwitch(engines: [fullEngine(), fullEngine(waveform: .saw), fullEngine(waveform: .square)],
                                                          tails: [0.6, 0.6, 0.6]),
                                      schedule: switchedPlan.schedule, totalFrames: switchedPlan.totalFrames,
                                      changes: switchedPlan.changes)
failures += count("set list (replay)", prepare: { _ in }, render: {
    setListReplay.renderStereo(left: left, right: right, frames: frames)
}) == 0 ? 0 : 1

// The live mix: theremin, a looping stereo backing track (crossfaded seam) and cues.
let backingFrames = Int(rate * 2)
let backingLeft = (0..<backingFrames).map { Float(0.2 * sin(2 * Double.pi * 110 * Double($0) / rate)) }
let backingRight = (0..<backingFrames).map { Float(0.2 * sin(2 * Double.pi * 165 * Double($0) / rate)) }
let track = BackingTrack(left: backingLeft, right: backingRight, loops: true, crossfadeFrames: Int(0.02 * rate))
let cues = CuePlayer(sampleRate: rate)
let mixedSource = LiveRenderer(engine: fullEngine(waveform: .triangle))
let mixer = StereoMixer(source: mixedSource, backing: BackingPlayer(track: track, volume: 0.5), cues: cues)
failures += count("mix", prepare: { block in
    mixedSource.controls.push(control(block))
    if block % 150 == 0 { cues.play(Cue.allCases[(block / 150) % Cue.allCases.count]) }
    cues.setMuted(block % 1_000 > 900)
}, render: {
    mixer.renderStereo(left: left, right: right, frames: frames)
    mixer.didWrite(delayFrames: 3 * frames)
}) == 0 ? 0 : 1

// The live mix with the stereo phrase looper: three layers recorded (the first closing the loop, two overdubs) and played
// under the voice, then an undo and a clear, all through the command ring.
let loopSource = LiveRenderer(engine: fullEngine())
let looper = Looper(sampleRate: rate, maximumSeconds: 4, maximumLayers: 3, stereo: true)
let loopMixer = StereoMixer(source: loopSource, cues: CuePlayer(sampleRate: rate), looper: looper)
let loopBlocks = 50  // a 0.25 s loop
var mostLayers = 0
failures += count("looper (3 layers)", prepare: { block in
    loopSource.controls.push(control(block))
    mostLayers = max(mostLayers, looper.status.layers)
    switch block % (8 * loopBlocks) {
    case 1, loopBlocks + 1, loopBlocks + 11, loopBlocks + 41, 2 * loopBlocks + 1, 2 * loopBlocks + 31: looper.press()
    case 6 * loopBlocks: looper.undo()
    case 7 * loopBlocks: looper.clear()
    default: break
    }
}, render: {
    loopMixer.renderStereo(left: left, right: right, frames: frames)
}) == 0 ? 0 : 1
if blocks >= 3 * loopBlocks && mostLayers < 3 {
    print("render-alloc-check: the looper reached \(mostLayers) layer(s), not 3: the scenario does not exercise it")
    failures += 1
}

// LV2 plugins in the chain (the host's copies in and out, the worker's queue and response delivery, `run`; the
// plugins' own `run` counted too, since the counter replaces malloc for every library in the process), played live
// (the worker on its own thread): `--effect reverb`'s GVerb, then one plugin from each suite the issue names, then a
// stereo chain (mono effects before Dragonfly Hall, a mono plugin after it run once per channel). Plugins that are
// not installed are named and skipped.
/// - Parameter waitForWorker: before each block (outside the count), wait until the worker thread has done the work
///   scheduled so far, so every block delivers an answer: the response path is counted, not left to the scheduler.
@MainActor
func lv2Chain(_ name: String, _ plugins: [(uri: String, values: [String: Float])], package: String,
              waitForWorker: Bool = false) -> Int {
    var makers: [() -> any AudioEffect] = [{ LowPass(settings: LowPassSettings(cutoff: 1_800, resonance: 0.7), sampleRate: rate) }]
    for (uri, values) in plugins {
        guard let plugin = try? LV2Host.check(uri: uri, values: values),
              (try? LV2Host.effect(plugin, values: values, sampleRate: rate)) != nil else {
            print("\(name): \(uri) not installed or not runnable (Debian package \(package))")
            return 0
        }
        makers.append {
            // Started once above at this rate, so a second instance starts too; a pass-through filter otherwise.
            if let effect = try? LV2Host.effect(plugin, values: values, sampleRate: rate, realTime: true) { return effect }
            return LowPass(settings: LowPassSettings(cutoff: 20_000, resonance: 0.7), sampleRate: rate)
        }
    }
    let voice = VoiceSettings(waveform: .theremin, brightness: 0.4, vibrato: VibratoSettings(rate: 5.5, depth: 15))
    let wet = LiveRenderer(engine: SynthEngine(sampleRate: rate, voice: voice, effects: EffectChain(makers: makers)))
    let plugins = wet.engine.effects.effects.compactMap { $0 as? LV2Effect }
    let allocations = count(name, prepare: { block in
        wet.controls.push(control(block))
        let deadline = Date().addingTimeInterval(1)
        while waitForWorker, plugins.contains(where: { $0.work.done < $0.work.scheduled }), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.0002)
        }
    }, render: {
        wet.renderStereo(left: left, right: right, frames: frames)
        wet.didWrite(delayFrames: 3 * frames)
    })
    let work = wet.engine.effects.effects.compactMap { ($0 as? LV2Effect)?.work }.filter { $0.scheduled > 0 }
    for counts in work { print("  worker: \(counts.scheduled) scheduled, \(counts.done) done, \(counts.delivered) responses") }
    return allocations == 0 ? 0 : 1
}
failures += lv2Chain("lv2 reverb (GVerb)", [("http://plugin.org.uk/swh-plugins/gverb", ["revtime": 2.6, "roomsize": 40])],
         package: "swh-lv2")
failures += lv2Chain("lv2 x42 (dpl limiter)", [("http://gareus.org/oss/lv2/dpl#mono", ["gain": 6])], package: "x42-plugins")
failures += lv2Chain("lv2 LSP (compressor)", [("http://lsp-plug.in/plugins/lv2/compressor_mono", [:])], package: "lsp-plugins-lv2")
failures += lv2Chain("lv2 Calf (compressor)", [("http://calf.sourceforge.net/plugins/Compressor", [:])], package: "calf-plugins")
failures += lv2Chain("lv2 Guitarix (cabinet, worker)", [("http://guitarix.sourceforge.net/plugins/gx_cabinet#CABINET", [:])],
         package: "guitarix-lv2")
failures += lv2Chain("lv2 ZamAudio (ZamComp)", [("urn:zamaudio:ZamComp", [:])], package: "zam-plugins")
failures += lv2Chain("lv2 mda (ThruZero)", [("http://drobilla.net/plugins/mda/ThruZero", [:])], package: "mda-lv2")
failures += lv2Chain("lv2 stereo chain (x42 limiter, Dragonfly Hall, LSP delay per channel)", [
    ("http://gareus.org/oss/lv2/dpl#mono", [:]), ("https://github.com/michaelwillis/dragonfly-reverb", [:]),
    ("http://lsp-plug.in/plugins/lv2/comp_delay_mono", ["samp": 120]),
], package: "x42-plugins, dragonfly-reverb-lv2, lsp-plugins-lv2")
// The worker's answers, delivered at the start of each run, and a plugin logging from `run` (queued, never printed
// there): the test-only plugin, found when LV2_PATH holds its bundle (ThereminTestSupport's LV2TestBundle).
failures += lv2Chain("lv2 worker answers (test plugin)", [("urn:theremin:test:worker", ["every": 1])],
                     package: "none: the test plugin, on LV2_PATH", waitForWorker: true)

/// The control: a renderer that keeps a history of its levels in a growing array, as a careless change might.
final class HistoryKeepingRenderer: BlockRenderer {
    let inner: LiveRenderer
    var history: [Double] = []
    init(_ inner: LiveRenderer) { self.inner = inner }
    var sampleRate: Double { inner.sampleRate }
    var isFinished: Bool { false }
    func fadeOut() { inner.fadeOut() }
    func render(into output: UnsafeMutablePointer<Float>, frames: Int) {
        inner.render(into: output, frames: frames)
        history.append(inner.currentLevel)
    }
}
let careless = HistoryKeepingRenderer(LiveRenderer(engine: fullEngine()))
let caught = count("control (grows an array while rendering)", prepare: { block in
    careless.inner.controls.push(control(block))
}, render: {
    careless.renderStereo(left: left, right: right, frames: frames)
})
if caught == 0 {
    print("render-alloc-check: the control renderer's allocations were not counted: the counter does not work")
    failures += 1
}
exit(failures == 0 ? 0 : 1)
