import Foundation
import ThereminCore

/// Names, when a run starts, the takes interrupted runs left (a crash, SIGKILL or power cut during a live
/// `--record`), each in one line with the command that recovers it. Only the commands that play or record look:
/// `--help`, `--version`, `--list-devices` and the tuner start without touching the disk.
enum LeftoverReport {
    /// The journal of live takes in progress (`$XDG_CONFIG_HOME/theremin/takes/`).
    static func journal() -> TakeJournal {
        TakeJournal(folder: ConfigFiles.path("takes"))
    }

    static func reportAtStart(_ settings: Settings) {
        guard ModeTable.entry(settings.mode.kind).namesLeftoverTakes else { return }
        // Old-style `.NAME.PID.part` traces are looked for where this run records.
        let folders = settings.record.map { [URL(fileURLWithPath: $0).deletingLastPathComponent().path] } ?? []
        // A replayed interrupted take is named by the replay itself.
        var replayed: String?
        if settings.mode.kind == .replay, let trace = settings.mode.operand {
            replayed = URL(fileURLWithPath: trace).standardizedFileURL.path
        }
        for leftover in LeftoverTakes.find(journal: journal(), folders: folders) where leftover.path != replayed {
            Output.err("theremin: \(leftover)\n")
        }
    }
}
