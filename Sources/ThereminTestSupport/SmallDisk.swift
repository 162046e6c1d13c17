import Foundation

/// A tiny tmpfs that fills up after a few KiB, for the full-disk cases. Unmount it when done (`defer`).
public final class SmallDisk {
    public let path: String

    /// Mounts `size` (e.g. "16k") at `path` (created if needed).
    /// - Throws: `SmallDisk.Unavailable` saying why not (not root, no mount permission): tests skip with it.
    public init(at path: String, size: String) throws {
        guard getuid() == 0 else { throw Unavailable(reason: "needs root to mount a small tmpfs that fills up") }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard mount("tmpfs", path, "tmpfs", 0, "size=\(size)") == 0 else {
            throw Unavailable(reason: "cannot mount tmpfs here: \(String(cString: strerror(errno)))")
        }
        self.path = path
    }

    public func unmount() { umount(path) }

    public struct Unavailable: Error, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }
}
