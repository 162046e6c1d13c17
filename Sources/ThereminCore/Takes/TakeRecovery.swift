import Foundation

/// What `TakeRecovery.recover` did.
public struct RecoveredTake: Sendable, Equatable {
    /// Where the take is now (a `.NAME.PID.part` moves to `NAME`, or the next free name).
    public let path: String
    public let frames: Int
    public let duration: Double
    /// Bytes of a torn last row cut from the end.
    public let trimmedBytes: Int
    /// False when the file was already complete and nothing was changed.
    public let changed: Bool

    public init(path: String, frames: Int, duration: Double, trimmedBytes: Int, changed: Bool) {
        self.path = path
        self.frames = frames
        self.duration = duration
        self.trimmedBytes = trimmedBytes
        self.changed = changed
    }
}

/// Makes an interrupted take whole: cuts a torn last row, adds the end marker, and moves a hidden `.NAME.PID.part`
/// to `NAME` (or `NAME-1`… when that exists: nothing is replaced). `theremin --recover TAKE`.
public enum TakeRecovery {
    /// - Throws: `TraceError` when the file is missing, unreadable, or not a trace even without its last row.
    public static func recover(_ path: String) throws(TraceError) -> RecoveredTake {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw TraceError(file: path, line: nil, problem: "does not exist (check the path)")
        }
        guard !isDirectory.boolValue else {
            throw TraceError(file: path, line: nil, problem: "is a directory, not a take",
                             remedy: "give the path of a take (.csv) inside it")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TraceError(file: path, line: nil, problem: "cannot be read (check its permissions)")
        }
        let bytes = [UInt8](data)
        // Every whole row ends with a line end; whatever follows the last one was cut while being written.
        let keep = (bytes.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
        let trace: Trace
        do {
            trace = try TraceReader.parse(bytes: Array(bytes[..<keep]), name: path)
        } catch let error as TraceError {
            throw error
        } catch {
            throw TraceError(file: path, line: nil, problem: "cannot be read: \(error)")
        }
        let partial = PartialName(URL(fileURLWithPath: path).lastPathComponent)
        let trimmed = bytes.count - keep
        guard trace.interrupted || trimmed > 0 || partial != nil else {
            return RecoveredTake(path: path, frames: trace.samples.count, duration: trace.duration, trimmedBytes: 0,
                                 changed: false)
        }
        try rewrite(path, keeping: keep, endMarker: trace.interrupted ? trace.samples.count : nil)
        var finalPath = path
        if let partial {
            // Beside it, spelled as the player spelled the leftover's path (relative stays relative).
            let folder = path.dropLast(URL(fileURLWithPath: path).lastPathComponent.count)
            guard let target = FreeName.first(for: folder + partial.name) else {
                throw TraceError(file: path, line: nil, problem: "has no free name to move to beside it",
                                 remedy: "move it yourself with mv")
            }
            do {
                try OutputFile(path: target).moveWithoutReplacing(from: path)
            } catch {
                throw TraceError(file: path, line: nil, problem: "cannot be moved to \(target) (\(error.reason))")
            }
            finalPath = target
        }
        return RecoveredTake(path: finalPath, frames: trace.samples.count, duration: trace.duration,
                             trimmedBytes: trimmed, changed: true)
    }

    /// Cuts the file to `length` bytes and, for an interrupted live take, appends the end marker; synced.
    private static func rewrite(_ path: String, keeping length: Int, endMarker frames: Int?) throws(TraceError) {
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(path, .writeOnly)
        } catch {
            throw TraceError(file: path, line: nil, problem: "cannot be written (\(error))",
                             remedy: "check its permissions, or copy it and recover the copy")
        }
        defer { file.close() }
        do {
            try file.truncate(to: Int64(length))
            if let frames {
                let line = Array("# \(TraceFormat.endMarker): \(frames) frames, recovered\n".utf8)
                try line.withUnsafeBufferPointer { (bytes) throws(Errno) in
                    try file.write(UnsafeRawBufferPointer(bytes), at: Int64(length))
                }
            }
            try file.sync()
        } catch {
            throw TraceError(file: path, line: nil, problem: "cannot be written (\(error))",
                             remedy: "free some space or check its permissions")
        }
    }
}
