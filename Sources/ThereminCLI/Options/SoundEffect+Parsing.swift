import ThereminCore
import ThereminSession

/// `--effect NAME[:key=value,...]` (`delay:time=300,feedback=0.4`), validated against the effect's parameter specs.
extension SoundEffect {
    /// The effects by name (what completions offer); any installed LV2 plugin is `lv2:URI` besides.
    static let names = ["delay", "lowpass", "reverb"]

    /// Parses `NAME[:key=value,...]`.
    static func parse(_ text: String) throws -> SoundEffect {
        if text.lowercased().hasPrefix("lv2:") { return try parseLV2(String(text.dropFirst(4)), spec: text) }
        if text.lowercased() == "reverb" || text.lowercased().hasPrefix("reverb:") {
            return try parseReverb(text.count > 7 ? String(text.dropFirst(7)) : nil, spec: text)
        }
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        let name = parts.first?.lowercased() ?? ""
        var parameters: [String: Double] = [:]
        if parts.count == 2 {
            for pair in parts[1].split(separator: ",") {
                let kv = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard kv.count == 2, let value = Double(kv[1]) else {
                    throw UsageError("--effect '\(text)': '\(pair)' is not key=number", options: ["--effect"])
                }
                parameters[kv[0].lowercased()] = value
            }
        }
        switch name {
        case "delay", "echo":
            var settings = DelaySettings()
            let specs = [DelaySettings.timeSpec, DelaySettings.feedbackSpec, DelaySettings.mixSpec]
            try check(parameters, specs, effect: text)
            settings.time = parameters["time"] ?? settings.time
            settings.feedback = parameters["feedback"] ?? settings.feedback
            settings.mix = parameters["mix"] ?? settings.mix
            return .delay(settings)
        case "lowpass", "lpf", "filter":
            try check(parameters, [LowPassSettings.cutoffSpec, LowPassSettings.resonanceSpec], effect: text)
            return .lowpass(LowPassSettings(cutoff: parameters["cutoff"] ?? LowPassSettings.cutoffSpec.defaultValue,
                                            resonance: parameters["resonance"] ?? LowPassSettings.resonanceSpec.defaultValue))
        default:
            throw UsageError("--effect '\(name)' is unknown; effects: \(names.joined(separator: ", ")), or an LV2 plugin as lv2:URI (see --list-effects)", options: ["--effect"])
        }
    }

    private static func check(_ parameters: [String: Double], _ specs: [ParameterSpec], effect: String) throws {
        for (key, value) in parameters {
            guard let spec = specs.first(where: { $0.name == key }) else {
                throw UsageError("--effect '\(effect)': unknown parameter '\(key)'; use \(specs.map(\.name).joined(separator: ", "))", options: ["--effect"])
            }
            guard spec.accepts(value) else {
                throw UsageError("--effect '\(effect)': \(key) \(value) is outside \(spec.range.lowerBound)…\(spec.range.upperBound)", options: ["--effect"])
            }
        }
    }
}

import Foundation
