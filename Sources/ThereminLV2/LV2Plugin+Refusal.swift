/// Whether theremin can run a plugin. It provides what every studio host provides (URID map and unmap, options,
/// bounded block length, log, worker, default state), connects audio, control, atom and CV ports (side-chains to
/// silence), and plays a mono or stereo chain (one or two main audio inputs, one or two outputs).
extension LV2Plugin {
    /// The host features theremin gives every plugin (`LV2HostFeatures`).
    static let providedFeatures: Set<String> = [
        "http://lv2plug.in/ns/ext/urid#map", "http://lv2plug.in/ns/ext/urid#unmap",
        "http://lv2plug.in/ns/ext/options#options", "http://lv2plug.in/ns/ext/buf-size#boundedBlockLength",
        "http://lv2plug.in/ns/ext/log#log", "http://lv2plug.in/ns/ext/worker#schedule",
        "http://lv2plug.in/ns/ext/state#loadDefaultState", "http://lv2plug.in/ns/lv2core#isLive",
        "http://lv2plug.in/ns/lv2core#hardRTCapable", "http://lv2plug.in/ns/lv2core#inPlaceBroken",
    ]

    /// Why theremin cannot run this plugin, in words that end a line "lv2:URI …"; nil when it can.
    public var refusal: String? {
        if audioOutputs.isEmpty {
            return "has no audio output (theremin runs effects on its voice's sound)"
        }
        if mainInputs.isEmpty {
            if ports.contains(where: { $0.kind == .atomInput && $0.takesMIDI }) {
                return "is an instrument (MIDI in, audio out): theremin runs effects on its own voice, and playing an "
                    + "instrument needs a different design (theremin sending it notes)"
            }
            return "has no audio input (it makes its own sound): theremin runs effects on its voice"
        }
        guard mainInputs.count <= 2, audioOutputs.count <= 2 else {
            return "has \(mainInputs.count) audio input(s) and \(audioOutputs.count) output(s); theremin runs effects "
                + "with one or two of each"
        }
        let missing = requiredFeatures.filter { !LV2Plugin.providedFeatures.contains($0) }
        if !missing.isEmpty {
            return "needs host features theremin does not provide (\(missing.map(LV2Plugin.shortName).joined(separator: ", ")))"
        }
        let unconnectable = ports.compactMap { port -> String? in
            if case .other(let type) = port.kind, !port.isOptional { return "\(port.symbol) (\(LV2Plugin.shortName(type)))" }
            return nil
        }
        if !unconnectable.isEmpty {
            return "has ports theremin cannot connect: " + unconnectable.joined(separator: ", ")
        }
        if let libraryProblem {
            return "cannot be loaded: \(libraryProblem)"
        }
        return nil
    }

    /// `http://lv2plug.in/ns/ext/worker#schedule` → `worker#schedule`.
    static func shortName(_ uri: String) -> String {
        uri.split(separator: "/").last.map(String.init) ?? uri
    }

    /// Seconds of sound the plugin may go on making after its input stops, for a render's tail: a reverb's or a
    /// delay's time control when it has one (its value in `values`, else its default), else 3 s for those classes,
    /// else none.
    public func tailSeconds(values: [String: Float]) -> Double {
        let lasting = className.lowercased().contains("reverb") || className.lowercased().contains("delay")
        guard lasting else { return 0 }
        let timed = controlInputs.first { ["revtime", "time", "decay", "decay_time", "rt60"].contains($0.symbol.lowercased()) }
        if let timed, let value = values[timed.symbol] ?? timed.defaultValue, value > 0, value <= 60 {
            return Double(value)
        }
        return 3
    }
}
