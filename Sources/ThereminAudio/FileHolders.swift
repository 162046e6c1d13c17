import Foundation

/// The processes that hold files open, found the way `fuser` finds them: through each process's `/proc/PID/fd`
/// links. Another user's processes are seen only with the rights to read their descriptors (root), as with `fuser`.
public enum FileHolders {
    /// A process holding a file: its id and its command name (`/proc/PID/comm`).
    public struct Holder: Sendable, Equatable, CustomStringConvertible {
        public let pid: Int32
        public let command: String

        public init(pid: Int32, command: String) {
            self.pid = pid
            self.command = command
        }

        /// "pulseaudio (pid 812)".
        public var description: String { "\(command) (pid \(pid))" }
    }

    /// The processes other than this one holding open a file whose path `wanted` accepts, by process id.
    public static func holding(proc: String = "/proc", _ wanted: (String) -> Bool) -> [Holder] {
        let files = FileManager.default
        let own = ProcessInfo.processInfo.processIdentifier
        let pids = ((try? files.contentsOfDirectory(atPath: proc)) ?? []).compactMap(Int32.init).filter { $0 != own }
        return pids.sorted().compactMap { pid in
            let folder = "\(proc)/\(pid)/fd"
            let links = (try? files.contentsOfDirectory(atPath: folder)) ?? []
            let holds = links.contains { link in
                (try? files.destinationOfSymbolicLink(atPath: "\(folder)/\(link)")).map(wanted) ?? false
            }
            guard holds else { return nil }
            let command = (try? String(contentsOfFile: "\(proc)/\(pid)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
            return Holder(pid: pid, command: command)
        }
    }

    /// The processes playing on a sound card: holding one of its playback nodes (`/dev/snd/pcmC0D0p`).
    public static func soundCardPlayback() -> [Holder] {
        holding { $0.hasPrefix("/dev/snd/pcmC") && $0.hasSuffix("p") }
    }
}
