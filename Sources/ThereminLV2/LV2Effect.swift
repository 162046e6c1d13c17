import ThereminCore

/// An LV2 plugin in the effect chain: instantiated, connected and activated before playback; `process` copies the
/// mono voice into the plugin's input(s), calls `run`, and folds its output(s) back to mono.
///
/// Every buffer is allocated here, once; the ports are connected once. `process` works in blocks of at most
/// `blockCapacity` frames, so any block length the output asks for is fine.
public final class LV2Effect: AudioEffect {
    public let plugin: LV2Plugin
    static let blockCapacity = 1_024
    private let instance: LV2Instance
    private let inputs: [UnsafeMutablePointer<Float>]
    private let outputs: [UnsafeMutablePointer<Float>]
    private let controls: [UnsafeMutablePointer<Float>]
    private let values: [Int: Float]

    /// - Parameters:
    ///   - values: control values by symbol (the rest keep their defaults); checked by `LV2Host.effect`.
    /// - Throws: `LV2Error` when the plugin is not installed, is refused, or does not instantiate at `sampleRate`.
    init(plugin: LV2Plugin, values: [String: Float], sampleRate: Double) throws(LV2Error) {
        if let refusal = plugin.refusal { throw LV2Error(uri: plugin.uri, problem: .refused(refusal)) }
        guard let instance = LV2World.shared.instantiate(uri: plugin.uri, rate: sampleRate) else {
            throw LV2Error(uri: plugin.uri, problem: .instantiation(rate: Int(sampleRate)))
        }
        self.plugin = plugin
        self.instance = instance
        func buffer(_ count: Int) -> UnsafeMutablePointer<Float> {
            let pointer = UnsafeMutablePointer<Float>.allocate(capacity: count)
            pointer.initialize(repeating: 0, count: count)
            return pointer
        }
        inputs = plugin.audioInputs.map { _ in buffer(LV2Effect.blockCapacity) }
        outputs = plugin.audioOutputs.map { _ in buffer(LV2Effect.blockCapacity) }
        var controls: [UnsafeMutablePointer<Float>] = []
        var initial: [Int: Float] = [:]
        for port in plugin.ports {
            switch port.kind {
            case .audioInput: instance.connect(port.index, to: inputs[plugin.audioInputs.firstIndex(of: port) ?? 0])
            case .audioOutput: instance.connect(port.index, to: outputs[plugin.audioOutputs.firstIndex(of: port) ?? 0])
            case .controlInput, .controlOutput:
                let control = buffer(1)
                let value = values[port.symbol] ?? port.defaultValue ?? port.minimum ?? 0
                control.pointee = value
                if port.kind == .controlInput { initial[port.index] = value }
                instance.connect(port.index, to: control)
                controls.append(control)
            case .other:
                continue  // optional ports of other types stay unconnected (refusal checked the rest)
            }
        }
        self.controls = controls
        self.values = initial
        instance.activate()
    }

    deinit {
        for buffer in inputs + outputs + controls { buffer.deallocate() }
    }

    /// Render contract: no allocation, locks, I/O or logging; the plugin's `run` is the only call out.
    public func process(_ samples: UnsafeMutablePointer<Float>, count: Int) {
        var done = 0
        let inputCount = inputs.count, outputCount = outputs.count
        while done < count {
            let frames = min(LV2Effect.blockCapacity, count - done)
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

    /// Silences the plugin's memory by running it on silence for its tail (LV2 has no reset; a new instance would
    /// allocate). Not called from the render path.
    public func reset() {
        for input in inputs { input.update(repeating: 0, count: LV2Effect.blockCapacity) }
        let blocks = 48_000 * 30 / LV2Effect.blockCapacity
        for _ in 0..<blocks { instance.run(frames: LV2Effect.blockCapacity) }
    }
}
