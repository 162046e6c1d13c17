import Foundation

/// Writes a trace as it is recorded. Each sample reaches the file at once (one `write` per line).
///
/// A live take (`.liveTake`) is written under its own name from the first row, created exclusively (never over an
/// existing file), with its data synced to the disk at most once a second by a thread of its own, and an end
/// marker on `finish()`: a SIGKILL or a power cut leaves every row up to the last second under the name the player
/// gave, and the reader knows the take was interrupted. A whole file (`.wholeFile`: offline traces) goes to a
/// temporary name beside the target that `finish()` renames into place, so a failed run leaves nothing behind.
public final class TraceWriter {
    /// How the trace reaches its name.
    public enum Mode: Sendable, Equatable {
        /// Temporary name, renamed into place by `finish()` (offline tracking: a whole file or nothing).
        case wholeFile
        /// Under its own name as it is played, synced every `syncInterval` seconds (live `--record`).
        case liveTake
    }

    /// The name the trace has (for a live take, the free name chosen: `take-1.csv` when `take.csv` existed).
    public let path: String
    /// Where the trace is written until `finish()` (the same as `path` for a live take).
    public let temporaryPath: String
    public let mode: Mode
    /// Longest time a live take's rows stay only in memory (the page cache) before being synced to the disk.
    public static let syncInterval = 1.0
    private let output: OutputFile
    /// The open file; nil once finished or discarded.
    private var file: FileDescriptor?
    private var committedLength: Int64 = 0
    private var failure: TraceError?
    private let hands: Int
    /// Rows written so far (frames, not counting the header).
    public private(set) var rows = 0
    private var syncer: TakeSyncer?

    /// Creates the file and writes the metadata and header.
    /// - Parameters:
    ///   - path: the name asked for. A live take takes the first free name (`FreeName`).
    ///   - hands: 1 writes `TraceFormat.oneHandColumns`, 2 `TraceFormat.twoHandColumns`.
    ///   - mode: `.wholeFile` (temporary name and rename) or `.liveTake` (under its name, synced each second).
    /// - Throws: `TraceError` when the directory is missing or not writable, or no free name is left.
    public init(path: String, metadata: TraceMetadata, hands: Int = 1, mode: Mode = .wholeFile) throws(TraceError) {
        self.hands = hands
        self.mode = mode
        var metadata = metadata
        let opened: Result<FileDescriptor, Errno>
        switch mode {
        case .wholeFile:
            self.path = path
            output = OutputFile(path: path)
            temporaryPath = output.temporaryPath
            opened = Result { () throws(Errno) in
                try FileDescriptor.open(output.temporaryPath, .writeOnly, options: [.create, .truncate])
            }
        case .liveTake:
            let created = TraceWriter.createExclusively(path)
            self.path = created.path
            output = OutputFile(path: created.path)
            temporaryPath = created.path
            opened = created.file
            metadata.entries.insert((TraceFormat.liveRecordingKey, TraceFormat.liveRecordingValue), at: 0)
        }
        let file: FileDescriptor
        switch opened {
        case .success(let opened): file = opened
        case .failure(let reason):
            throw TraceError(file: path, line: nil,
                             problem: "cannot be created (\(reason)): check that the folder exists and is writable")
        }
        self.file = file
        var head = "# \(TraceFormat.magic) \(TraceFormat.version)\n"
        for entry in metadata.entries where entry.key != "format" {
            let clean = entry.value.replacingOccurrences(of: "\n", with: " ")
            head += "# \(entry.key): \(clean)\n"
        }
        head += (hands == 2 ? TraceFormat.twoHandColumns : TraceFormat.oneHandColumns).joined(separator: ",") + "\n"
        if let reason = writeWhole(head) {
            // Not even the header fits (a full disk): nothing worth keeping, so no file is left behind.
            file.close()
            self.file = nil
            FileSystem.remove(temporaryPath)
            throw TraceError(file: self.path, line: nil, problem: "cannot be written (\(reason))",
                             remedy: "free some space or record to another folder", kind: .runtime)
        }
        if mode == .liveTake {
            // The new name must survive a power cut too: sync the file and the folder that lists it.
            try? file.syncData()
            FileSystem.syncFolder(containing: self.path)
            let syncer = TakeSyncer(interval: TraceWriter.syncInterval) { try? file.syncData() }
            syncer.start()
            self.syncer = syncer
        }
    }

    /// Opens the first free name for `path` with `O_EXCL`: an existing file is never truncated or replaced.
    private static func createExclusively(_ path: String) -> (path: String, file: Result<FileDescriptor, Errno>) {
        for index in 0...FreeName.limit {
            let candidate = FreeName.candidate(path, index)
            do {
                return (candidate, .success(try FileDescriptor.open(candidate, .writeOnly, options: [.create, .exclusive])))
            } catch where error != .fileExists {
                return (candidate, .failure(error))
            } catch {
                continue
            }
        }
        return (path, .failure(.fileExists))
    }

    /// True when the caller asked for a name that was taken, so the take went to a numbered one.
    public func renamed(from asked: String) -> Bool { path != asked }

    deinit {
        syncer?.stop()
    }

    /// The first write error, if any. After one, further samples are ignored but `finish()` still saves what was
    /// written before it.
    public var error: TraceError? { failure }

    /// Appends one sample.
    /// - Throws: `TraceError` on the first write failure (e.g. the disk is full).
    public func write(_ sample: HandSample) throws(TraceError) {
        guard failure == nil, file != nil else { return }
        let line: String
        if sample.present {
            line = String(format: "%.6f,%.6f,%.6f,1,%.3f,%d\n", sample.t, clamp(sample.x), clamp(sample.y),
                          clamp(sample.confidence), sample.acquired ? 1 : 0)
        } else {
            line = String(format: "%.6f,,,0,%.3f,0\n", sample.t, clamp(sample.confidence))
        }
        try append(line)
    }

    /// Appends one frame: in a two-hand trace, the first two hands (with handedness and fist state); in a one-hand
    /// trace, the primary hand (`HandsFrame.primary`).
    public func write(_ frame: HandsFrame) throws(TraceError) {
        guard hands == 2 else {
            return try write(frame.primary)
        }
        guard failure == nil, file != nil else { return }
        var line = String(format: "%.6f", frame.t)
        for index in 0..<2 {
            line += "," + columns(for: frame.slot(index))
        }
        try append(line + "\n")
    }

    /// Notes, before the first row, the capture clock's reading at t = 0 (`TraceFormat.clockOriginMarker`).
    public func noteClockOrigin(_ monotonicSeconds: Double) throws(TraceError) {
        guard failure == nil, file != nil, rows == 0 else { return }
        try appendBytes("# \(TraceFormat.clockOriginMarker): monotonic " + String(format: "%.6f\n", monotonicSeconds))
    }

    /// Notes `key: value` among the rows, for metadata known only once they began (`TraceFormat.trailingKeys`).
    public func note(_ key: String, _ value: String) throws(TraceError) {
        guard failure == nil, file != nil else { return }
        try appendBytes("# \(key): \(value)\n")
    }

    /// `x,y,present,confidence,hand,closed,acquired` of one hand in a two-hand trace.
    private func columns(for hand: HandSample) -> String {
        guard hand.present else { return String(format: ",,0,%.3f,,,0", clamp(hand.confidence)) }
        return String(format: "%.6f,%.6f,1,%.3f,", clamp(hand.x), clamp(hand.y), clamp(hand.confidence))
            + (hand.handedness?.rawValue ?? "") + "," + (HandPose.isClosedFist(hand) ? "1" : "0")
            + (hand.acquired ? ",1" : ",0")
    }

    /// Closes the file and moves it to its real name (a live take: writes its end marker). Safe to call more than
    /// once.
    /// - Throws: `TraceError` when the rename fails, or the first write error (after saving what was complete).
    public func finish() throws(TraceError) {
        guard let file else { return }
        if failure != nil { try? file.truncate(to: committedLength) }
        if mode == .liveTake {
            // After a write error the marker may not fit either; the take then reads as interrupted, which it is.
            try? appendBytes("# \(TraceFormat.endMarker): \(rows) frames\n")
            syncer?.stop()
        }
        try? file.sync()
        file.close()
        self.file = nil
        if mode == .liveTake {
            if let failure { throw failure }
            return
        }
        do {
            // A trace is a take: never put over an existing file (the caller chose a free name: `FreeName`).
            try output.commitWithoutReplacing()
        } catch {
            throw TraceError(file: path, line: nil, problem: "cannot be saved (\(error.reason))")
        }
        if let failure { throw failure }
    }

    /// Removes the file without saving (used when the run failed before anything worth keeping).
    public func discard() {
        guard let file else { return }
        syncer?.stop()
        file.close()
        self.file = nil
        if mode == .liveTake { FileSystem.remove(path) } else { output.discard() }
    }

    /// Appends one row (one `write`: in the page cache at once, so a killed process loses nothing); a live take's
    /// syncer puts it on the disk within `syncInterval`.
    private func append(_ text: String) throws(TraceError) {
        try appendBytes(text)
        rows += 1
        syncer?.noteWrite()
    }

    private func appendBytes(_ text: String) throws(TraceError) {
        guard let reason = writeWhole(text) else { return }
        let error = TraceError(file: path, line: nil, problem: "stopped recording: \(reason); the samples written so far are kept",
                               kind: .runtime)
        failure = error
        throw error
    }

    /// Appends all of `text` and counts it as committed; the system's reason when a write fails.
    private func writeWhole(_ text: String) -> String? {
        guard let file else { return nil }
        do {
            try file.write(text)
        } catch {
            return error.description
        }
        committedLength += Int64(text.utf8.count)
        return nil
    }

    private func clamp(_ v: Double) -> Double {
        v.isFinite ? min(max(v, 0), 1) : 0
    }
}
