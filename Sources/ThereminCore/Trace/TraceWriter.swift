import Foundation

/// Writes a trace as it is recorded. Each sample reaches the file at once (one `write` per line), into a temporary
/// name beside the target that `finish()` renames into place — so an interrupted run still leaves a complete,
/// parseable trace, and a failed one never leaves a half-written file under the real name.
public final class TraceWriter {
    public let path: String
    public let temporaryPath: String
    private let output: OutputFile
    private var descriptor: Int32
    private var committedLength: off_t = 0
    private var failure: TraceError?
    private let hands: Int

    /// Creates the temporary file and writes the metadata and header.
    /// - Throws: `TraceError` when the directory is missing or not writable.
    /// - Parameter hands: 1 writes `TraceFormat.oneHandColumns`, 2 `TraceFormat.twoHandColumns`.
    public init(path: String, metadata: TraceMetadata, hands: Int = 1) throws(TraceError) {
        self.path = path
        self.hands = hands
        output = OutputFile(path: path)
        temporaryPath = output.temporaryPath
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw TraceError(file: path, line: nil,
                             problem: "cannot be created (\(reason)): check that the folder exists and is writable")
        }
        var head = "# \(TraceFormat.magic) \(TraceFormat.version)\n"
        for entry in metadata.entries where entry.key != "format" {
            let clean = entry.value.replacingOccurrences(of: "\n", with: " ")
            head += "# \(entry.key): \(clean)\n"
        }
        head += (hands == 2 ? TraceFormat.twoHandColumns : TraceFormat.oneHandColumns).joined(separator: ",") + "\n"
        try append(head)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The first write error, if any. After one, further samples are ignored but `finish()` still saves what was
    /// written before it.
    public var error: TraceError? { failure }

    /// Appends one sample.
    /// - Throws: `TraceError` on the first write failure (e.g. the disk is full).
    public func write(_ sample: HandSample) throws(TraceError) {
        guard failure == nil, descriptor >= 0 else { return }
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
    /// trace, the first present hand.
    public func write(_ frame: HandsFrame) throws(TraceError) {
        guard hands == 2 else {
            return try write(frame.hands.first(where: \.present) ?? .absent(at: frame.t))
        }
        guard failure == nil, descriptor >= 0 else { return }
        var line = String(format: "%.6f", frame.t)
        for index in 0..<2 {
            let hand = index < frame.hands.count ? frame.hands[index] : .absent(at: frame.t)
            line += "," + columns(for: hand)
        }
        try append(line + "\n")
    }

    /// `x,y,present,confidence,hand,closed,acquired` of one hand in a two-hand trace.
    private func columns(for hand: HandSample) -> String {
        guard hand.present else { return String(format: ",,0,%.3f,,,0", clamp(hand.confidence)) }
        return String(format: "%.6f,%.6f,1,%.3f,", clamp(hand.x), clamp(hand.y), clamp(hand.confidence))
            + (hand.handedness?.rawValue ?? "") + "," + (HandPose.isClosedFist(hand) ? "1" : "0")
            + (hand.acquired ? ",1" : ",0")
    }

    /// Closes the file and moves it to its real name. Safe to call more than once.
    /// - Throws: `TraceError` when the rename fails, or the first write error (after saving what was complete).
    public func finish() throws(TraceError) {
        guard descriptor >= 0 else { return }
        if failure != nil { _ = ftruncate(descriptor, committedLength) }
        _ = fsync(descriptor)
        close(descriptor)
        descriptor = -1
        do {
            try output.commit()
        } catch {
            throw TraceError(file: path, line: nil, problem: "cannot be saved (\(error.reason))")
        }
        if let failure { throw failure }
    }

    /// Removes the temporary file without saving (used when the run failed before anything worth keeping).
    public func discard() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        output.discard()
    }

    private func append(_ text: String) throws(TraceError) {
        let bytes = Array(text.utf8)
        let count = bytes.count
        var written = 0
        while written < count {
            let n = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return Foundation.write(descriptor, base + written, count - written)
            }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                let error = TraceError(file: path, line: nil,
                                       problem: "stopped recording: \(reason); the samples written so far are kept")
                failure = error
                throw error
            }
            written += n
        }
        committedLength += off_t(count)
    }

    private func clamp(_ v: Double) -> Double {
        v.isFinite ? min(max(v, 0), 1) : 0
    }
}
