import XCTest
import Foundation

/// Base for end-to-end tests of the built `theremin` binary: finds it (the test skips when it was not built) and
/// gives each test a fresh scratch folder, removed afterwards.
open class BinaryTestCase: XCTestCase {
    /// The scratch folder of the running test.
    public var directory: URL!
    /// Path of the built `theremin` executable.
    public var binary: String!

    open override func setUpWithError() throws {
        guard let path = ProcessRunner.product("theremin") else {
            throw XCTSkip("the theremin binary is not built (run `swift build` first)")
        }
        binary = path
        let prefix = String(describing: type(of: self)).replacingOccurrences(of: "Tests", with: "").lowercased()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    open override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }
}
