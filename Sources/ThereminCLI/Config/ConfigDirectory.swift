import Foundation

/// Where theremin keeps its settings: `$XDG_CONFIG_HOME/theremin/`, or `~/.config/theremin/` when that is unset.
enum ConfigDirectory {
    static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return (xdg as NSString).appendingPathComponent("theremin")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return ((home as NSString).appendingPathComponent(".config") as NSString).appendingPathComponent("theremin")
    }

    /// Writes `data` to `path` through a temporary file in the same folder and a rename, creating the folder first,
    /// so a crash never leaves a half-written file under the real name.
    static func writeAtomically(_ data: Data, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ConfigFileError(path: path, problem: "cannot be written: the folder \(folder) cannot be created")
        }
        try AtomicFile.write(data, to: path)
    }
}

/// A settings or preset file that cannot be read, parsed or written: one line naming the file, the problem and the
/// remedy; exit status 2.
struct ConfigFileError: Error, CustomStringConvertible, Equatable {
    let path: String
    let problem: String
    var description: String { "\(path): \(problem)" }
}
