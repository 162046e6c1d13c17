import Foundation
import XCTest
import ThereminCore
import ThereminTestSupport

/// The owning descriptor: what each open option does, whole writes, reads of what is there, and failures as the
/// system's errno.
final class FileDescriptorTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder(prefix: "descriptor")
    }

    private func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    func testCreatingWritingTruncatingAndWritingAtAnOffset() throws {
        let path = folder.path("take.csv")
        let file = try FileDescriptor.open(path, .writeOnly, options: [.create, .truncate])
        try file.write("t,x,y,present\n0.0,0.5,0.5,1\n")
        XCTAssertEqual(try file.size(), 28)
        try file.truncate(to: 14)
        try Array("# end\n".utf8).withUnsafeBufferPointer { try file.write(UnsafeRawBufferPointer($0), at: 14) }
        try file.sync()
        try file.syncData()
        file.close()
        XCTAssertEqual(contents(path), "t,x,y,present\n# end\n")
        XCTAssertEqual(file.rawValue, -1)
        file.close()  // a second close does nothing (and closes no other file that got the number)
    }

    func testExclusiveCreationNeverOpensAnExistingFile() throws {
        let path = folder.path("take.csv")
        try "keep me".write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try FileDescriptor.open(path, .writeOnly, options: [.create, .exclusive])) { error in
            XCTAssertEqual(error as? Errno, .fileExists)
            XCTAssertEqual("\(error)", "File exists")
        }
        XCTAssertEqual(contents(path), "keep me")
    }

    func testOpeningInAMissingFolderSaysSo() {
        XCTAssertThrowsError(try FileDescriptor.open(folder.path("no/such.csv"), .writeOnly, options: .create)) { error in
            XCTAssertEqual(error as? Errno, .noSuchFile)
        }
        XCTAssertThrowsError(try FileDescriptor.open(folder.path(""), .writeOnly)) { error in
            XCTAssertEqual((error as? Errno)?.rawValue, EISDIR, "a folder cannot be opened for writing")
        }
    }

    func testAReadGivesWhatIsThereThenZeroAtTheEnd() throws {
        let path = folder.path("short")
        try "abc".write(toFile: path, atomically: false, encoding: .utf8)
        let file = try FileDescriptor.open(path, .readOnly)
        var buffer = [UInt8](repeating: 0, count: 10)
        XCTAssertEqual(try buffer.withUnsafeMutableBytes { try file.read(into: $0) }, 3, "a partial read, not a wait")
        XCTAssertEqual(Array(buffer.prefix(3)), Array("abc".utf8))
        XCTAssertEqual(try buffer.withUnsafeMutableBytes { try file.read(into: $0) }, 0)
    }

    func testAFullDiskIsThrownAndWhatFitStaysWritten() throws {
        let path = "/dev/full"
        guard FileManager.default.isWritableFile(atPath: path) else { throw XCTSkip("needs /dev/full") }
        let file = try FileDescriptor.open(path, .writeOnly)
        XCTAssertThrowsError(try file.write("row\n")) { error in
            XCTAssertEqual((error as? Errno)?.rawValue, ENOSPC)
            XCTAssertEqual("\(error)", "No space left on device")
        }
    }

    func testAFolderOpenedForSyncing() throws {
        let directory = try FileDescriptor.open(folder.url.path, .readOnly, options: .directory)
        try directory.sync()
        XCTAssertThrowsError(try FileDescriptor.open(folder.path("missing"), .readOnly, options: .directory))
        let plain = folder.path("plain")
        try "x".write(toFile: plain, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try FileDescriptor.open(plain, .readOnly, options: .directory)) { error in
            XCTAssertEqual((error as? Errno)?.rawValue, ENOTDIR)
        }
    }
}
