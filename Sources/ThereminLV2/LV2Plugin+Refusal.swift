/// Whether theremin can run a plugin: it provides no LV2 features (so none may be required), connects audio and
/// control ports only, and plays a mono voice (one or two audio inputs, one or two outputs).
extension LV2Plugin {
    /// Why theremin cannot run this plugin, in words that end a line "lv2:URI …"; nil when it can.
    public var refusal: String? {
        if !requiredFeatures.isEmpty {
            let names = requiredFeatures.map(LV2Plugin.shortName).joined(separator: ", ")
            return "needs features theremin does not provide (\(names))"
        }
        let unconnectable = ports.compactMap { port -> String? in
            if case .other(let type) = port.kind, !port.isOptional { return "\(port.symbol) (\(LV2Plugin.shortName(type)))" }
            return nil
        }
        if !unconnectable.isEmpty {
            return "has ports theremin cannot connect: " + unconnectable.joined(separator: ", ")
        }
        guard (1...2).contains(audioInputs.count), (1...2).contains(audioOutputs.count) else {
            return "has \(audioInputs.count) audio input(s) and \(audioOutputs.count) output(s); theremin runs effects "
                + "with one or two of each"
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
