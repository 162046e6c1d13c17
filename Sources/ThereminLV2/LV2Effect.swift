import ThereminCore

/// An LV2 plugin in the effect chain: instantiated with theremin's host features, every port connected and the
/// plugin activated before playback. Mono, it copies the voice into the plugin's input(s) and folds its outputs to
/// one; in the stereo part of the chain a two-input plugin takes the pair, and a two-output plugin gives one.
///
/// Every buffer is allocated here, once; the ports are connected once. `process` works in blocks of at most
/// `LV2Instance.blockCapacity` frames (the maximum block length the plugin was told), so any block the output
/// asks for is fine.
public final class LV2Effect: AudioEffect {
    public let plugin: LV2Plugin
    private let instance: LV2Instance
    private let inputs: [UnsafeMutablePointer<Float>]
    private let outputs: [UnsafeMutablePointer<Float>]
    /// Side-chain and CV inputs read this: silence.
    private let silence: UnsafeMutablePointer<Float>
    /// CV outputs write here, unread.
    private let discard: UnsafeMutablePointer<Float>
    private let controls: [UnsafeMutablePointer<Float>]
    private let latency: UnsafeMutablePointer<Float>?

    /// - Parameters:
    ///   - values: control values by symbol (the rest keep the preset's or their defaults); checked by `LV2Host.check`.
    ///   - preset: a preset's URI, restored through lilv's state API before `values` apply.
    ///   - realTime: whether it plays live (the worker works on its own thread) or renders offline (work is done
    ///     at once, so every render is the same).
    /// - Throws: `LV2Error` when the plugin is refused or does not instantiate at `sampleRate`.
    init(plugin: LV2Plugin, values: [String: Float], preset: String?, sampleRate: Double, realTime: Bool) throws(LV2Error) {
        if let refusal = plugin.refusal { throw LV2Error(uri: plugin.uri, problem: .refused(refusal)) }
        guard let (instance, restored) = LV2World.shared.instantiate(
            uri: plugin.uri, rate: sampleRate, realTime: realTime, sequenceSize: plugin.sequenceSize, preset: preset,
            name: plugin.name)
        else {
            throw LV2Error(uri: plugin.uri, problem: .instantiation(rate: Int(sampleRate)))
        }
        self.plugin = plugin
        self.instance = instance
        func buffer(_ count: Int) -> UnsafeMutablePointer<Float> {
            let pointer = UnsafeMutablePointer<Float>.allocate(capacity: count)
            pointer.initialize(repeating: 0, count: count)
            return pointer
        }
        let capacity = LV2Instance.blockCapacity
        let main = plugin.mainInputs, outs = plugin.audioOutputs
        let inputs = main.map { _ in buffer(capacity) }, outputs = outs.map { _ in buffer(capacity) }
        let silence = buffer(capacity), discard = buffer(capacity)
        self.inputs = inputs
        self.outputs = outputs
        self.silence = silence
        self.discard = discard
        var controls: [UnsafeMutablePointer<Float>] = []
        var latency: UnsafeMutablePointer<Float>?
        for port in plugin.ports {
            switch port.kind {
            case .audioInput:
                instance.connect(port.index, to: main.firstIndex(of: port).map { inputs[$0] } ?? silence)
            case .audioOutput: instance.connect(port.index, to: outputs[outs.firstIndex(of: port) ?? 0])
            case .cvInput: instance.connect(port.index, to: silence)
            case .cvOutput: instance.connect(port.index, to: discard)
            case .atomInput, .atomOutput: instance.connect(port.index, to: instance.atomBuffer(output: port.kind == .atomOutput))
            case .controlInput, .controlOutput:
                let control = buffer(1)
                control.pointee = values[port.symbol] ?? restored[port.symbol] ?? port.defaultValue ?? port.minimum ?? 0
                if port.reportsLatency { latency = control }
                instance.connect(port.index, to: control)
                controls.append(control)
            case .other:
                continue  // optional ports of other types stay unconnected (refusal checked the rest)
            }
        }
        self.controls = controls
        self.latency = latency
        instance.activate()
    }

    deinit {
        for buffer in inputs + outputs + controls + [silence, discard] { buffer.deallocate() }
    }

    public var isStereo: Bool { outputs.count == 2 }

    /// The worker's traffic so far (for tests and the allocation check).
    public var work: LV2WorkCounts { instance.work }

    /// The latency the plugin reports (its latency port after the last `run`), in frames.
    public var latencyFrames: Int {
        guard let latency, latency.pointee.isFinite, latency.pointee > 0 else { return 0 }
        return Int(latency.pointee)
    }

    /// Render contract: no allocation, locks, I/O or logging; the plugin's `run` is the only call out.
    public func process(_ samples: UnsafeMutablePointer<Float>, count: Int) {
        var done = 0
        let inputCount = inputs.count, outputCount = outputs.count
        while done < count {
            let frames = min(LV2Instance.blockCapacity, count - done)
            var index = 0
            while index < inputCount {
                inputs[index].update(from: samples + done, count: frames)
                index += 1
            }
            instance.run(frames: frames)
            if outputCount == 1 {
                (samples + done).update(from: outputs[0], count: frames)
            } else {
                let left = outputs[0], right = outputs[1]
                for i in 0..<frames { samples[done + i] = 0.5 * (left[i] + right[i]) }
            }
            done += frames
        }
    }

    /// The pair through the plugin: two inputs take the two channels, one takes their mix; two outputs give the
    /// pair, one gives both channels. Render contract as above.
    public func process(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>, count: Int) {
        var done = 0
        while done < count {
            let frames = min(LV2Instance.blockCapacity, count - done)
            let l = left + done, r = right + done
            if inputs.count == 2 {
                inputs[0].update(from: l, count: frames)
                inputs[1].update(from: r, count: frames)
            } else {
                let input = inputs[0]
                for i in 0..<frames { input[i] = 0.5 * (l[i] + r[i]) }
            }
            instance.run(frames: frames)
            l.update(from: outputs[0], count: frames)
            r.update(from: outputs[outputs.count - 1], count: frames)
            done += frames
        }
    }

    /// Silences the plugin's memory by running it on silence for its tail (LV2 has no reset; a new instance would
    /// allocate). Not called from the render path.
    public func reset() {
        for input in inputs { input.update(repeating: 0, count: LV2Instance.blockCapacity) }
        let blocks = 48_000 * 30 / LV2Instance.blockCapacity
        for _ in 0..<blocks { instance.run(frames: LV2Instance.blockCapacity) }
    }
}

/// A plugin's worker traffic: work scheduled from `run`, work done (on the worker thread live, at once offline),
/// responses delivered at the start of a later `run`, and requests refused because the queue was full.
public struct LV2WorkCounts: Sendable, Equatable {
    public var scheduled: Int
    public var done: Int
    public var delivered: Int
    public var dropped: Int
}
