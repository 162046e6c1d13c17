import Foundation
import ThereminCore
import ThereminSession

/// The presets a run switches between: the set list's (`--setlist`), or every saved preset by name; and those a
/// take names (`# sound: NAME`) for its replay. Each is the command line with `--preset NAME`: options given on the
/// command line override the preset's, as they do for `--preset`.
enum PresetList {
    /// The set list's presets in order, or every saved one.
    /// - Throws: `MappingFileError` at the set list's line of a preset that is missing or cannot be used.
    static func forLivePlay(_ settings: Settings,
                            environment: [String: String] = ProcessInfo.processInfo.environment) throws -> [NamedSound] {
        if let setlist = settings.actions.setlist {
            return try setlist.entries.map { entry in
                do {
                    return NamedSound(name: entry.name, sound: try sound(entry.name, settings, environment: environment))
                } catch {
                    throw MappingFileError(file: setlist.path, line: entry.line, problem: "\(error)")
                }
            }
        }
        // Without a set list: whatever is saved, in name order; one that cannot be used is said and left out.
        let folder = ConfigFiles.path("presets", environment: environment)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }.sorted()
        return names.compactMap { name in
            do {
                return NamedSound(name: name, sound: try sound(name, settings, environment: environment))
            } catch {
                Output.err("theremin: \(error); it is left out of the presets to switch to\n")
                return nil
            }
        }
    }

    /// The presets a take switches to, by name.
    /// - Throws: the error of a preset that is missing or cannot be used (`ConfigFileError`, `UsageError`).
    static func forReplay(of trace: Trace, _ settings: Settings,
                          environment: [String: String] = ProcessInfo.processInfo.environment) throws -> [NamedSound] {
        var names: [String] = []
        for change in trace.soundChanges where !names.contains(change.preset) { names.append(change.preset) }
        return try names.map { NamedSound(name: $0, sound: try sound($0, settings, environment: environment)) }
    }

    /// The command line's sound with preset `name` under it.
    private static func sound(_ name: String, _ settings: Settings, environment: [String: String]) throws -> SoundDescription {
        try PresetOptions.checkName(name, option: "preset")
        var arguments: [String] = []
        var skip = false
        for argument in settings.arguments {
            if skip {
                skip = false
                continue
            }
            if argument == Options.preset.name || argument == Options.setlist.name {
                skip = true
                continue
            }
            if argument.hasPrefix(Options.preset.name + "=") || argument.hasPrefix(Options.setlist.name + "=") { continue }
            arguments.append(argument)
        }
        return try Settings(arguments: arguments + [Options.preset.name, name], applyingPresetsFrom: environment).sound
    }
}
