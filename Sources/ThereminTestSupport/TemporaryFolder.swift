import Foundation

/// A scratch folder for one test, removed with everything in it when the test lets go of it.
public final class TemporaryFolder {
    public let url: URL

    /// Creates `<tmp>/<prefix>-<uuid>`.
    public init(prefix: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the folder.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}
