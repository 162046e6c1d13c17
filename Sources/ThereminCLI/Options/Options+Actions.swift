import Foundation
import ThereminCore

/// Hands-free control: the player's actions from OSC (and MIDI), answered during live play.
extension Options {
    static let actions: [any AnyOption] = [midiIn, midiMap, oscIn, setlist]

    static let setlist = Option.text("--setlist", value: "FILE",
                                     help: "live play: the presets of the set, one name a line; the run starts on the first and "
                                         + "next-preset / previous-preset (a foot switch, OSC) step through them (without it: "
                                         + "every saved preset, by name)", group: .presets, values: .file, inPresets: false)

    static let midiIn = Option<String>("--midi-in", value: "PORT",
                                       help: "take the player's actions from MIDI (a foot controller: program changes or CC 80-83 "
                                           + "are next preset, previous preset, looper, mute): jack: (port theremin-midi-in:midi_in "
                                           + "for a patchbay) or jack:PORT to connect it, or an ALSA sequencer port (CLIENT:PORT "
                                           + "or client name; see `aconnect -i`)",
                                       group: .midi, inPresets: false) { port in
        guard !port.isEmpty else {
            throw UsageError("--midi-in needs a port, e.g. jack: or 20:0 (see `aconnect -i`)", options: ["--midi-in"])
        }
        return port
    }
    static let midiMap = Option.text("--midi-map", value: "FILE",
                                     help: "with --midi-in: which MIDI message does which action, one a line, e.g. 'cc 80 "
                                         + "next-preset', 'pc any preset', 'cc 11 correction' (replaces the foot controller's default)",
                                     group: .midi, values: .file, inPresets: false)

    static let oscIn = Option<OSCListenAddress>("--osc-in", value: "[HOST:]PORT",
                                                help: "take the player's actions as OSC over UDP: /theremin/next-preset, /theremin/mute, "
                                                    + "/theremin/preset 3 and the rest (see docs/guide.md, \"Hands-free control\"); PORT alone "
                                                    + "listens on every interface",
                                                group: .osc, inPresets: false) { text in
        guard let address = OSCListenAddress(parsing: text) else {
            throw UsageError("--osc-in needs PORT or HOST:PORT with a port from 1 to 65535, e.g. 9000 or 127.0.0.1:9000, got '\(text)'",
                             options: ["--osc-in"])
        }
        return address
    }
}

/// What the player's actions come from, read with the other options (Settings+Actions.swift).
struct ActionSettings {
    var oscIn: OSCListenAddress?
    var midiIn: String?
    /// The mapping file's, or the foot controller's default.
    var midiMap = MIDIActionMap.standard
    /// `--setlist`: the file and its presets' names with their lines.
    var setlist: (path: String, entries: [(name: String, line: Int)])?

    /// - Throws: `UsageError`; `MappingFileError` for a mapping file that cannot be read or has an error.
    mutating func read(_ parsed: ParsedArguments, mode: Settings.Mode, writes: Set<String>) throws {
        oscIn = try parsed.value(Options.oscIn)
        midiIn = try parsed.value(Options.midiIn)
        for (option, given) in [(Options.oscIn.name, oscIn != nil), (Options.midiIn.name, midiIn != nil)] where given {
            try ModeTable.checkPlaysLive(option, because: "the player's actions are answered as they come", mode: mode,
                                         writing: writes)
        }
        if let path = try parsed.value(Options.setlist) {
            try ModeTable.checkPlaysLive(Options.setlist.name, because: "its presets are switched while playing", mode: mode,
                                         writing: writes)
            setlist = (path, try ActionSettings.readSetlist(path))
        }
        guard let path = try parsed.value(Options.midiMap) else { return }
        guard midiIn != nil else {
            throw UsageError("--midi-map maps the messages of --midi-in: give --midi-in PORT too", options: ["--midi-map", "--midi-in"])
        }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read as text (check its permissions)"
                : "does not exist; check the path"
            throw MappingFileError(file: path, line: nil, problem: reason)
        }
        midiMap = try MIDIActionMap(parsing: text, file: path)
    }
}

extension ActionSettings {
    /// A set list's preset names, one a line (`#` starts a comment), each a name a preset can have.
    /// - Throws: `MappingFileError` (`FILE:LINE: problem`) for an unreadable file, a bad name or no names.
    static func readSetlist(_ path: String) throws -> [(name: String, line: Int)] {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read as text (check its permissions)"
                : "does not exist; check the path"
            throw MappingFileError(file: path, line: nil, problem: reason)
        }
        var entries: [(name: String, line: Int)] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let name = (raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty else { continue }
            do {
                try PresetOptions.checkName(name, option: "preset")
            } catch let error as UsageError {
                throw MappingFileError(file: path, line: index + 1, problem: error.message)
            }
            entries.append((name, index + 1))
        }
        guard !entries.isEmpty else {
            throw MappingFileError(file: path, line: nil, problem: "names no presets; write one preset name a line")
        }
        return entries
    }
}
