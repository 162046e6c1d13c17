import ThereminCore
import ThereminLV2
import ThereminSession

/// `theremin --list-effects`: the built-in effects with their parameters, then every installed LV2 plugin with its
/// control ports and presets, those theremin cannot run marked with the reason (a library that does not load among
/// them: each runnable plugin's library is opened).
enum ListEffectsCommand {
    static func run() -> Outcome {
        Output.out(report(plugins: LV2Host.plugins(loadingLibraries: true)))
        return .succeeded
    }

    static func report(plugins: [LV2Plugin]) -> String {
        var lines = ["Built-in effects (--effect NAME[:key=value,...])"]
        func parameters(_ specs: [ParameterSpec]) -> String {
            specs.map { "\($0.name) \(OptionTable.format($0.range.lowerBound))…\(OptionTable.format($0.range.upperBound))"
                + "\($0.unit.isEmpty ? "" : " " + $0.unit) (default \(OptionTable.format($0.defaultValue)))" }
                .joined(separator: ", ")
        }
        lines.append("  delay    " + parameters([DelaySettings.timeSpec, DelaySettings.feedbackSpec, DelaySettings.mixSpec]))
        lines.append("  lowpass  " + parameters([LowPassSettings.cutoffSpec, LowPassSettings.resonanceSpec]))
        let reverb = SoundEffect.reverbValues.sorted { $0.key < $1.key }.map { "\($0.key)=\(LV2Port.text($0.value))" }
        let installed = plugins.contains { $0.uri == SoundEffect.reverbURI }
        lines.append("  reverb   GVerb as a hall (\(reverb.joined(separator: ", "))); any GVerb control may be changed, "
            + "e.g. reverb:revtime=4" + (installed ? "" : "; needs the LV2 plugin from Debian's swh-lv2 (not installed)"))
        lines.append("")
        lines.append("LV2 plugins (--effect lv2:URI[:preset=NAME,symbol=value,...]; stereo ones make the chain stereo)")
        if plugins.isEmpty {
            lines.append("  none installed (looked in LV2_PATH, by default ~/.lv2, /usr/local/lib/lv2 and /usr/lib/lv2); "
                + "Debian packages: swh-lv2, x42-plugins, calf-plugins, …")
        }
        for plugin in plugins {
            let shape = plugin.refusal == nil ? (plugin.isStereo ? "stereo" : "mono") : nil
            let details = [plugin.className.isEmpty ? nil : plugin.className, shape].compactMap { $0 }
            lines.append("  \(plugin.uri)  \(plugin.name)" + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))"))
            if let refusal = plugin.refusal {
                lines.append("      not usable: \(refusal)")
                continue
            }
            lines += plugin.controlInputs.map { "      \($0.summary)" }
            if !plugin.presets.isEmpty {
                lines.append("      presets: " + plugin.presets.map(\.label).joined(separator: ", "))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
