import ThereminCore
import ThereminLV2
import ThereminSession

/// `--effect lv2:URI[:preset=NAME,symbol=value,...]` and `--effect reverb[:symbol=value,...]`: an LV2 plugin in the
/// chain, checked by the host when the option is read (installed, loadable, runnable, preset and values known),
/// instantiated at the output's rate when the sound is built.
extension SoundEffect {
    /// The LV2 plugin `--effect reverb` plays.
    static let reverbURI = "http://plugin.org.uk/swh-plugins/gverb"
    /// `--effect reverb`: GVerb (Debian swh-lv2) set as a mid-sized hall for a sine-like voice: a 2.6 s decay in a
    /// 40 m room, the dry voice in front, early reflections below it and a tail below those, the highs damped.
    static let reverbValues: [String: Float] = [
        "roomsize": 40, "revtime": 2.6, "damping": 0.55, "inputbandwidth": 0.6,
        "drylevel": -3, "earlylevel": -15, "taillevel": -18,
    ]

    /// Parses the text after `lv2:`: a URI (which has colons of its own), then, after the last colon, the preset
    /// and values (`preset=NAME` first when given: a preset's label may hold anything but a comma).
    static func parseLV2(_ text: String, spec: String) throws -> SoundEffect {
        var uri = text
        var values: [String: Float] = [:]
        var preset: String?
        if let colon = lastSettingsColon(text) {
            uri = String(text[..<colon])
            var settings = String(text[text.index(after: colon)...])
            if settings.hasPrefix("preset=") {
                let end = settings.firstIndex(of: ",") ?? settings.endIndex
                preset = String(settings[settings.index(settings.startIndex, offsetBy: 7)..<end])
                settings = end == settings.endIndex ? "" : String(settings[settings.index(after: end)...])
                guard preset?.isEmpty == false else {
                    throw UsageError("--effect '\(spec)': preset= needs a preset's name (see --list-effects)", options: ["--effect"])
                }
            }
            values = try lv2Values(settings, spec: spec)
        }
        guard !uri.isEmpty else {
            throw UsageError("--effect '\(spec)' needs a plugin URI, e.g. lv2:\(reverbURI); list them with --list-effects", options: ["--effect", "--list-effects"])
        }
        return try lv2Effect(uri: uri, values: values, preset: preset, name: spec)
    }

    /// The colon before the settings: the one before `preset=` when there is one (a preset's label may hold
    /// colons), else the last colon when `=` follows it.
    private static func lastSettingsColon(_ text: String) -> String.Index? {
        if let preset = text.range(of: ":preset=") { return preset.lowerBound }
        if let colon = text.lastIndex(of: ":"), text[text.index(after: colon)...].contains("=") { return colon }
        return nil
    }

    /// `reverb[:symbol=value,...]`: the shipped reverb, its values overridable.
    static func parseReverb(_ parameters: String?, spec: String) throws -> SoundEffect {
        var values = reverbValues
        if let parameters { values.merge(try lv2Values(parameters, spec: spec)) { $1 } }
        do {
            return try lv2Effect(uri: reverbURI, values: values, preset: nil, name: spec)
        } catch let error as LV2Error where error.problem == .notInstalled {
            throw LV2Error(uri: reverbURI, problem: .refused(
                "is not installed: --effect reverb plays GVerb from Debian's swh-lv2 (`apt install swh-lv2`)"))
        }
    }

    private static func lv2Values(_ text: String, spec: String) throws -> [String: Float] {
        var values: [String: Float] = [:]
        for pair in text.split(separator: ",") {
            if pair.hasPrefix("preset=") {
                throw UsageError("--effect '\(spec)': preset=NAME comes first, before the values", options: ["--effect"])
            }
            let kv = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard kv.count == 2, !kv[0].isEmpty, let value = Float(kv[1]), value.isFinite else {
                throw UsageError("--effect '\(spec)': '\(pair)' is not symbol=number", options: ["--effect"])
            }
            values[kv[0]] = value
        }
        return values
    }

    private static func lv2Effect(uri: String, values: [String: Float], preset: String?, name: String) throws -> SoundEffect {
        let plugin: LV2Plugin
        do {
            plugin = try LV2Host.check(uri: uri, values: values, preset: preset)
        } catch let bad as LV2ParameterError {
            throw UsageError(bad.description, options: ["--effect"])
        }
        // Started once now, at the preferred rate, so a plugin that will not start is refused before anything plays.
        _ = try LV2Host.effect(plugin, values: values, preset: preset, sampleRate: Double(Options.supportedRates[0]),
                               realTime: false)
        let tail = plugin.tailSeconds(values: values)
        return .plugin(PluginEffect(name: name, tail: tail) { rate, realTime in
            do {
                return try LV2Host.effect(plugin, values: values, preset: preset, sampleRate: rate, realTime: realTime)
            } catch {
                return UnavailablePlugin(error)
            }
        })
    }
}

/// What stands in for a plugin that started at the preferred rate but not at the output's (another JACK rate): the
/// sound passes through unchanged, and the player is told once, when the sound is built (never from the render path).
final class UnavailablePlugin: AudioEffect {
    init(_ error: Error) {
        Output.err("theremin: \(error); playing without it\n")
    }

    func process(_ samples: UnsafeMutablePointer<Float>, count: Int) {}
    func reset() {}
}
