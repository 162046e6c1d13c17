import Foundation

/// Where every output goes while it is being written: a temporary name beside the target (`.NAME.PID.part`) that
/// is renamed into place once the file is complete, so nobody ever sees half a file under the real name and a
/// failed run leaves nothing behind (docs/decisions.md). One helper for whole files (`write(_:to:)`: calibrations,
/// config, presets, MIDI files) and streamed ones (offline traces and sound files open `temporaryPath`, then
/// `commit()` or `discard()`). Live takes are the exception: they are written under their own name (`TraceWriter`).
public struct OutputFile: Sendable {
    /// The name the finished file gets.
    public let path: String
    /// Where it is written until then.
    public let temporaryPath: String

    public init(path: String) {
        self.path = path
        let url = URL(fileURLWithPath: path)
        temporaryPath = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(Processes.current).part").path
    }

    /// Moves the complete temporary file to its real name; on failure the temporary file is removed.
    /// - Throws: the system's reason, e.g. "Permission denied" (callers wrap it in their own error type).
    public func commit() throws(OutputFile.Failure) {
        do {
            try FileSystem.rename(temporaryPath, to: path)
        } catch {
            FileSystem.remove(temporaryPath)
            throw Failure(reason: error.description)
        }
    }

    /// Moves the complete temporary file to its real name unless a file of that name appeared meanwhile (a take
    /// is never replaced by another); on failure the temporary file is removed.
    /// - Throws: the system's reason; "File exists" when the name was taken.
    public func commitWithoutReplacing() throws(OutputFile.Failure) {
        do {
            try moveWithoutReplacing(from: temporaryPath)
        } catch {
            FileSystem.remove(temporaryPath)
            throw error
        }
    }

    /// Moves `source` to `path` unless `path` exists: a hard link then unlinking the source, which fails with
    /// EEXIST instead of replacing; on file systems without hard links, a rename after checking the name is free.
    /// - Throws: the system's reason.
    public func moveWithoutReplacing(from source: String) throws(OutputFile.Failure) {
        do {
            try FileSystem.link(source, to: path)
            FileSystem.remove(source)
        } catch {
            guard error != .fileExists, (try? FileSystem.type(of: path, followingLinks: false)) == nil else {
                throw Failure(reason: Errno.fileExists.description)
            }
            do {
                try FileSystem.rename(source, to: path)
            } catch {
                throw Failure(reason: error.description)
            }
        }
    }

    /// Removes the temporary file: nothing appears under the real name.
    public func discard() {
        FileSystem.remove(temporaryPath)
    }

    /// Writes `data` as a whole file at `url`, through a temporary name and a rename.
    /// - Throws: Foundation's error for a write that fails, `OutputFile.Failure` for a rename that fails.
    public static func write(_ data: Data, to url: URL) throws {
        let file = OutputFile(path: url.path)
        do {
            try data.write(to: URL(fileURLWithPath: file.temporaryPath))
        } catch {
            file.discard()
            throw error
        }
        try file.commit()
    }

    /// Why a finished file could not be moved into place.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// The system's reason (strerror).
        public let reason: String
        public var description: String { reason }
    }
}
