import Foundation
import XCTest

/// A scratch folder for one test, removed with everything in it when the test ends (`XCTestCase.temporaryFolder`)
/// or, for one made directly, when it is let go of. XCTest keeps every test case object alive until the run ends,
/// so a folder held in a test's property would otherwise outlive the run: make them with `temporaryFolder(prefix:)`.
public final class TemporaryFolder: @unchecked Sendable {
    public let url: URL

    /// Creates `<tmp>/<prefix>-<uuid>`.
    public init(prefix: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the folder.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Removes the folder and everything in it (also done when the folder is let go of).
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    deinit { remove() }
}

extension XCTestCase {
    /// A scratch folder removed when the current test ends, even if the test case object lives on (in `setUp` too).
    public func temporaryFolder(prefix: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder(prefix: prefix)
        addTeardownBlock { folder.remove() }
        return folder
    }
}
