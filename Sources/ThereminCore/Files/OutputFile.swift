import Foundation

/// Where every output goes while it is being written: a temporary name beside the target (`.NAME.PID.part`) that
/// is renamed into place once the file is complete, so nobody ever sees half a file under the real name and a
/// failed run leaves nothing behind (NOTES.md). One helper for whole files (`write(_:to:)`: calibrations,
/// config, presets, MIDI files) and streamed ones (traces and sound files open `temporaryPath`, then `commit()` or
/// `discard()`).
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
