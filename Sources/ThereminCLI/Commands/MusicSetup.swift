import Foundation
import ThereminCore

/// What the musicianship options do before any mode runs: remember the cue mute state asked for on the command
/// line. (Presets and `--save-preset` are resolved while parsing; see Settings+Preset.swift.)
enum MusicSetup {
    /// Returns an exit status when the command is complete without running a mode, else nil.
    static func prepare(_ settings: Settings) throws -> Int32? {
        if let muted = settings.music.cuesMuted {
            let path = UserConfig.path()
            var (config, warning) = UserConfig.load(path: path)
            if let warning { Output.err("theremin: \(warning)\n") }
            config.cuesMuted = muted
            try config.save(path: path)
            if settings.verbose { Output.err("cues \(muted ? "muted" : "unmuted"); saved in \(path)\n") }
        }
        return nil
    }

    /// The remembered cue mute state, for the modes that play cues (a corrupt config file is reported once and
    /// ignored).
    static func cuesMuted(_ settings: Settings) -> Bool {
        if let muted = settings.music.cuesMuted { return muted }
        let (config, warning) = UserConfig.load(path: UserConfig.path())
        if let warning { Output.err("theremin: \(warning)\n") }
        return config.cuesMuted
    }
}
