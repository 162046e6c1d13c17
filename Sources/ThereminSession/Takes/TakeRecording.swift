import ThereminCore

/// A live take's lifecycle, the same for every mode that records while playing: the trace is created under the
/// name asked for or the next free one (a take never replaces a file), noted in the crash journal while it is
/// written (so an interrupted run is reported at the next start), then finished with its end marker, kept up to its
/// last row when the run fails, or removed when nothing was played.
public final class TakeRecording {
    /// Rows go here (the tracking loop writes them).
    public let writer: TraceWriter
    /// The name the player asked for.
    public let asked: String
    private let journal: TakeJournal?

    /// Creates the take (header written, under its free name) and notes it in `journal`.
    /// - Throws: `TraceError` when the folder is missing or not writable, or no free name is left.
    public init(asked: String, metadata: TraceMetadata, hands: Int, journal: TakeJournal?) throws {
        writer = try TraceWriter(path: asked, metadata: metadata, hands: hands, mode: .liveTake)
        self.asked = asked
        self.journal = journal
        journal?.begin(take: writer.path)
    }

    /// The name the take has.
    public var path: String { writer.path }

    /// The line that says the asked name was taken, if it was.
    public var renameNotice: String? {
        writer.renamed(from: asked) ? "recording to \(path) (\(asked) exists)" : nil
    }

    /// Writes the end marker and closes the take; its journal note goes either way.
    /// - Throws: the take's first write error (what was complete is saved).
    public func finish() throws {
        defer { journal?.end() }
        try writer.finish()
    }

    /// The run failed while playing: the take is kept up to its last row (the reader sees every frame played).
    public func keepAfterFailure() {
        try? writer.finish()
        journal?.end()
    }

    /// The run failed: a take with only its header is not worth keeping; one with rows stays as it is.
    public func abandon() {
        if writer.rows == 0 { writer.discard() }
        journal?.end()
    }
}
