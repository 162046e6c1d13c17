import Foundation
import XCTest
import ThereminCore
import ThereminTestSupport

/// Outputs appear under their real name complete or not at all.
final class OutputFileTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder(prefix: "output")
    }

    private func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
    }

    func testAStreamedFileAppearsOnlyWhenCommitted() throws {
        let file = OutputFile(path: folder.path("take.csv"))
        XCTAssertEqual(URL(fileURLWithPath: file.temporaryPath).deletingLastPathComponent().path, folder.url.path,
                       "beside the target, so the rename stays on one file system")
        try "t,x,y,present\n".write(toFile: file.temporaryPath, atomically: false, encoding: .utf8)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
        try file.commit()
        XCTAssertEqual(try names(), ["take.csv"])
        XCTAssertEqual(try String(contentsOfFile: file.path, encoding: .utf8), "t,x,y,present\n")
    }

    func testADiscardedFileLeavesNothing() throws {
        let file = OutputFile(path: folder.path("take.wav"))
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: file.temporaryPath))
        file.discard()
        XCTAssertEqual(try names(), [])
    }

    func testAFailedCommitSaysWhyAndLeavesNothingBehind() throws {
        let target = folder.path("busy")
        try FileManager.default.createDirectory(atPath: target + "/inside", withIntermediateDirectories: true)
        let file = OutputFile(path: target)
        try Data([1]).write(to: URL(fileURLWithPath: file.temporaryPath))
        XCTAssertThrowsError(try file.commit()) { error in
            XCTAssertFalse("\(error)".isEmpty, "the system's reason")
        }
        XCTAssertEqual(try names(), ["busy"], "the temporary file is gone, the folder untouched")
    }

    func testAWholeFileIsWrittenInOneStep() throws {
        try OutputFile.write(Data("{\"version\":1}".utf8), to: folder.url.appendingPathComponent("config.json"))
        XCTAssertEqual(try names(), ["config.json"])
        XCTAssertThrowsError(try OutputFile.write(Data(), to: folder.url.appendingPathComponent("no/such/folder.json")))
        XCTAssertEqual(try names(), ["config.json"])
    }
}
