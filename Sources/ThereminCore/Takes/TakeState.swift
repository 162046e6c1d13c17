import Foundation

/// Tells an interrupted live take from a finished one by reading only its first and last bytes (a take may be
/// hours long, and every start checks the journal's takes).
public enum TakeState {
    /// True when `path` starts as a live take (`# recording: live` among its first lines) and does not end with
    /// the end marker (`# end: …`).
    public static func isUnfinished(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 4_096),
              String(decoding: head, as: UTF8.self).contains(
                  "\n# \(TraceFormat.liveRecordingKey): \(TraceFormat.liveRecordingValue)\n") else { return false }
        guard let size = try? handle.seekToEnd() else { return false }
        let tailLength: UInt64 = 256
        guard (try? handle.seek(toOffset: size > tailLength ? size - tailLength : 0)) != nil,
              let tail = try? handle.readToEnd() else { return false }
        return !String(decoding: tail, as: UTF8.self).contains("\n# \(TraceFormat.endMarker)")
    }
}
