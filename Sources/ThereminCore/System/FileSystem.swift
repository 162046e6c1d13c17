import Foundation

/// What a path names.
public enum FileType: Sendable, Equatable {
    case regular, directory, symbolicLink, fifo, characterDevice, blockDevice, socket
}

/// Calls on paths (rather than open files): moving names, removing them, asking what they name, and syncing a
/// folder so a name it gained survives a power cut. Each throws the system's `Errno`.
public enum FileSystem {
    /// Gives `source` the name `target`, replacing what `target` named in one step: a reader of `target` sees the
    /// old file or the new one, never neither (`rename`).
    public static func rename(_ source: String, to target: String) throws(Errno) {
        _ = try SystemCall.checked { Foundation.rename(source, target) }
    }

    /// Gives the file `source` names the second name `target`; fails with EEXIST rather than replace (`link`).
    public static func link(_ source: String, to target: String) throws(Errno) {
        _ = try SystemCall.checked { Foundation.link(source, target) }
    }

    /// Removes the name `path` (`unlink`). Best effort: a name already gone is what was wanted.
    public static func remove(_ path: String) {
        _ = Foundation.unlink(path)
    }

    /// What `path` names; with `followingLinks` false a symbolic link is reported as one (`stat` / `lstat`).
    /// - Throws: ENOENT when nothing has that name, EACCES when a folder on the way cannot be searched.
    public static func type(of path: String, followingLinks: Bool) throws(Errno) -> FileType {
        var status = stat()
        _ = try SystemCall.checked { followingLinks ? stat(path, &status) : lstat(path, &status) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        case S_IFIFO: return .fifo
        case S_IFCHR: return .characterDevice
        case S_IFBLK: return .blockDevice
        default: return .socket
        }
    }

    /// True when nothing at all has the name `path` (not even a dangling link); a name that cannot be checked
    /// counts as taken.
    public static func isFree(_ path: String) -> Bool {
        do {
            _ = try type(of: path, followingLinks: false)
            return false
        } catch {
            return error == .noSuchFile
        }
    }

    /// Syncs the folder holding `path`, so that a name created or renamed in it is on the disk. Best effort: a
    /// folder that cannot be opened or synced only loses that guarantee.
    public static func syncFolder(containing path: String) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try? FileDescriptor.open(folder, .readOnly, options: .directory).sync()
    }
}
