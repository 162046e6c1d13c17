import Foundation

/// The live takes being recorded: one small file per running theremin (`FOLDER/PID`, holding the take's absolute
/// path), written when a take starts and removed when it ends. A file whose process is gone points at a take a
/// crash, SIGKILL or power cut interrupted, wherever it was recorded, so the next start can report it.
public struct TakeJournal: Sendable {
    /// `$XDG_CONFIG_HOME/theremin/takes` in the program; any folder in tests.
    public let folder: String

    public init(folder: String) {
        self.folder = folder
    }

    /// Notes that this process records `take`. Best effort: without a journal the take is still written, only an
    /// interruption would go unreported outside the take's folder.
    public func begin(take: String) {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let absolute = URL(fileURLWithPath: take).standardizedFileURL.path
        try? OutputFile.write(Data((absolute + "\n").utf8), to: entryURL(Processes.current))
    }

    /// Removes this process's note (the take ended with its end marker).
    public func end() {
        FileSystem.remove(entryURL(Processes.current).path)
    }

    /// The takes of processes that are gone and whose files are still unfinished; notes of finished, recovered or
    /// deleted takes are removed on the way.
    public func interruptedTakes() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var takes: [String] = []
        for name in names.sorted() {
            guard let pid = pid_t(name), pid > 0, pid != Processes.current, !ProcessCheck.isTheremin(pid) else { continue }
            let entry = entryURL(pid).path
            guard let text = try? String(contentsOfFile: entry, encoding: .utf8) else { continue }
            let take = text.trimmingCharacters(in: .newlines)
            if !take.isEmpty && TakeState.isUnfinished(take) {
                takes.append(take)
            } else {
                FileSystem.remove(entry)
            }
        }
        return takes
    }

    private func entryURL(_ pid: pid_t) -> URL {
        URL(fileURLWithPath: folder).appendingPathComponent(String(pid))
    }
}

/// Whether a process id belongs to a running theremin (a pid reused by another program after a reboot does not).
enum ProcessCheck {
    static func isTheremin(_ pid: pid_t) -> Bool {
        guard Processes.exists(pid) else { return false }
        guard let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8) else { return true }
        return comm.hasPrefix("theremin")
    }
}
