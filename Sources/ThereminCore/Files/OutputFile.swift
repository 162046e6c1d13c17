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
        temporaryPath = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).part").path
    }

    /// Moves the complete temporary file to its real name; on failure the temporary file is removed.
    /// - Throws: the system's reason, e.g. "Permission denied" (callers wrap it in their own error type).
    public func commit() throws(OutputFile.Failure) {
        guard rename(temporaryPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw Failure(reason: reason)
        }
    }

    /// Moves the complete temporary file to its real name unless a file of that name appeared meanwhile (a take
    /// is never replaced by another); on failure the temporary file is removed.
    /// - Throws: the system's reason; "File exists" when the name was taken.
    public func commitWithoutReplacing() throws(OutputFile.Failure) {
        do {
            try moveWithoutReplacing(from: temporaryPath)
        } catch {
            unlink(temporaryPath)
            throw error
        }
    }

    /// Moves `source` to `path` unless `path` exists: a hard link then unlinking the source, which fails with
    /// EEXIST instead of replacing; on file systems without hard links, a rename after checking the name is free.
    /// - Throws: the system's reason.
    public func moveWithoutReplacing(from source: String) throws(OutputFile.Failure) {
        if link(source, path) == 0 {
            unlink(source)
            return
        }
        let linkError = errno
        var status = stat()
        guard linkError != EEXIST, lstat(path, &status) != 0 else {
            throw Failure(reason: String(cString: strerror(EEXIST)))
        }
        guard rename(source, path) == 0 else { throw Failure(reason: String(cString: strerror(errno))) }
    }

    /// Removes the temporary file: nothing appears under the real name.
    public func discard() {
        unlink(temporaryPath)
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
