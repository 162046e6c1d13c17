import Foundation
import ThereminCore

/// A settings, preset or output file that cannot be read, parsed or written: one line naming the file, the problem
/// and the remedy; exit status 2.
struct ConfigFileError: ReportableError, Equatable {
    let path: String
    let problem: String
    /// `.input` for a file the user named or must fix; `.runtime` for a full disk.
    var kind: FailureKind = .input
    var description: String { "\(path): \(problem)" }
    var failureKind: FailureKind { kind }
}

/// Paths in the config folder (`ConfigDirectory`, shared with the calibration store) and whole-file writes through
/// `OutputFile` (temporary name + rename) with errors phrased for the player.
enum ConfigFiles {
    /// `$XDG_CONFIG_HOME/theremin/<components…>` (default `~/.config/theremin/…`).
    static func path(_ components: String..., environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        components.reduce(ConfigDirectory.url(environment: environment)) { $0.appendingPathComponent($1) }.path
    }

    /// Writes `data` to `path` atomically; with `createFolder`, makes the missing folders first (config and presets),
    /// otherwise a missing folder is the player's mistake (an output file name).
    /// - Throws: `ConfigFileError`.
    static func write(_ data: Data, to path: String, createFolder: Bool) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        if createFolder {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw ConfigFileError(path: path, problem: "cannot be written: the folder \(folder) cannot be created")
            }
        }
        do {
            try OutputFile.write(data, to: url)
        } catch let error as CocoaError where error.code == .fileWriteOutOfSpace {
            throw ConfigFileError(path: path, problem: "cannot be written: the disk is full; free some space or write to "
                                  + "another folder (nothing under this name was changed)", kind: .runtime)
        } catch {
            throw ConfigFileError(path: path, problem: "cannot be written: check that the folder \(folder) exists and is writable")
        }
    }
}
