import Foundation

/// Writes a whole file through a temporary name in the same folder and a rename, so a failure never leaves a
/// half-written file under the real name.
enum AtomicFile {
    /// - Throws: `ConfigFileError` naming the file, the system's reason and what to do.
    static func write(_ data: Data, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let directory = folder.isEmpty ? "." : folder
        let temporary = (directory as NSString).appendingPathComponent(".\((path as NSString).lastPathComponent).\(getpid()).part")
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            throw ConfigFileError(path: path, problem: "cannot be written: check that the folder \(directory) exists and is writable")
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw ConfigFileError(path: path, problem: "cannot be saved (\(reason))")
        }
    }
}
