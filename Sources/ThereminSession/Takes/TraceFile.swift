import ThereminCore

/// A trace written whole (the demo's with `--output`, offline `--input`'s): like a live take it never replaces a
/// file, so it goes under the name asked for or the next free one; unlike a take it goes to a temporary name that
/// `finish()` renames into place, so a failed run leaves nothing behind.
public enum TraceFile {
    /// Chooses the free name, tells `named` (before the file is created), and opens the writer.
    /// - Throws: `TraceError` when every numbered name is taken, or the file cannot be created.
    public static func create(asked: String, metadata: TraceMetadata, hands: Int = 1,
                              named: (String) -> Void = { _ in }) throws -> TraceWriter {
        let path = try FreeName.forTrace(asked)
        named(path)
        return try TraceWriter(path: path, metadata: metadata, hands: hands)
    }

    /// Writes `trace` whole under `asked` or its next free name.
    /// - Returns: the name it was written under.
    /// - Throws: `TraceError` when it cannot be written (nothing is left behind).
    @discardableResult
    public static func write(_ trace: Trace, asked: String, named: (String) -> Void = { _ in }) throws -> String {
        let writer = try create(asked: asked, metadata: trace.metadata, named: named)
        for sample in trace.samples { try writer.write(sample) }
        try writer.finish()
        return writer.path
    }
}
