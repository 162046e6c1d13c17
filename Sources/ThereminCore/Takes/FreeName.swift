import Foundation

/// The names a new take may get without replacing anything: the name the player gave, then `NAME-1.EXT`,
/// `NAME-2.EXT`, … (`take.csv`, `take-1.csv`). Taking a name is left to the caller (`open` with `O_EXCL` for a
/// live take, a check just before the rename otherwise), so an existing take is never replaced by a new one.
public enum FreeName {
    /// How many numbered names are tried before giving up.
    public static let limit = 9_999

    /// The `index`th name for `path`: 0 is `path` itself, then `take-1.csv`, `take-2.csv`, …
    public static func candidate(_ path: String, _ index: Int) -> String {
        guard index > 0 else { return path }
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        let folder = String(path.dropLast(name.count))
        let ext = url.pathExtension
        guard !ext.isEmpty, name.count > ext.count + 1 else { return "\(folder)\(name)-\(index)" }
        return "\(folder)\(name.dropLast(ext.count + 1))-\(index).\(ext)"
    }

    /// The first name for `path` that names nothing yet, or nil when all `limit` are taken.
    public static func first(for path: String) -> String? {
        for index in 0...limit {
            let name = candidate(path, index)
            if FileSystem.isFree(name) { return name }
        }
        return nil
    }

    /// `first(for:)` for a trace about to be written, or a `TraceError` saying every name is taken.
    public static func forTrace(_ path: String) throws(TraceError) -> String {
        guard let free = first(for: path) else {
            throw TraceError(file: path, line: nil, problem: "and its numbered names up to -\(limit) exist",
                             remedy: "pick another name")
        }
        return free
    }
}
