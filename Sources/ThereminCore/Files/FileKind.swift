import Foundation

/// What a path names when it is not a plain file, for the messages that refuse folders, pipes and devices where a
/// file is read or written whole.
public enum FileKind {
    /// "a folder", "a pipe (FIFO)", "a device" or "a socket"; nil for a plain file or a path that does not exist, and, when
    /// not `followingLinks`, for a symbolic link (renaming onto a link replaces the link, not what it points to).
    public static func special(at path: String, followingLinks: Bool) -> String? {
        var status = stat()
        guard (followingLinks ? stat(path, &status) : lstat(path, &status)) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG, S_IFLNK: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a pipe (FIFO)"
        case S_IFCHR, S_IFBLK: return "a device"
        default: return "a socket"
        }
    }
}
