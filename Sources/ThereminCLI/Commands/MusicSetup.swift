import Foundation
import ThereminCore

/// What the musicianship options do before any mode runs: remember the cue mute state asked for on the command
/// line, and save a preset. (`--preset` is applied while parsing; see Settings+Preset.swift.)
enum MusicSetup {
    /// Returns the outcome when the command is complete without running a mode, else nil.
    static func prepare(_ settings: Settings) throws -> Outcome? {
        if let muted = settings.music.cuesMuted {
            let (path, warning) = try UserConfig.update { $0.cuesMuted = muted }
            if let warning { Output.err("theremin: \(warning)\n") }
            if settings.verbose { Output.err("cues \(muted ? "muted" : "unmuted"); saved in \(path)\n") }
        }
        if let name = settings.music.savePreset {
            let path = Preset.path(name: name)
            try Preset(name: name, options: settings.music.presetOptions).save(path: path)
            Output.out("saved preset \(name) (\(settings.music.presetOptions.count) option(s)) in \(path)\n")
            // Alone (no mode asked for), saving is the whole command; with a mode, the mode runs next.
            if settings.mode == .play { return .succeeded }
        }
        return nil
    }

    /// The remembered cue mute state, for the modes that play cues (a corrupt config file is reported once and
    /// ignored).
    static func cuesMuted(_ settings: Settings) -> Bool {
        if let muted = settings.music.cuesMuted { return muted }
        return UserConfig.loadReporting().cuesMuted
    }
}
