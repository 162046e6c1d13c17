import Foundation

/// What a path names when it is not a plain file, for the messages that refuse folders, pipes and devices where a
/// file is read or written whole.
public enum FileKind {
    /// "a folder", "a pipe (FIFO)", "a device" or "a socket"; nil for a plain file or a path that does not exist, and, when
    /// not `followingLinks`, for a symbolic link (renaming onto a link replaces the link, not what it points to).
    public static func special(at path: String, followingLinks: Bool) -> String? {
        switch try? FileSystem.type(of: path, followingLinks: followingLinks) {
        case nil, .regular, .symbolicLink: return nil
        case .directory: return "a folder"
        case .fifo: return "a pipe (FIFO)"
        case .characterDevice, .blockDevice: return "a device"
        case .socket: return "a socket"
        }
    }
}
