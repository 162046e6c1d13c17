import Foundation
import XCTest
import ThereminCore
import ThereminTestSupport

/// Calls on names: a rename replaces a file in one step, a link never replaces, and what a name is.
final class FileSystemTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder(prefix: "file-system")
    }

    func testARenameReplacesAFileInOneStep() throws {
        let target = folder.path("calibration.json")
        let old = String(repeating: "o", count: 4_096)
        let new = String(repeating: "n", count: 12_288)
        try old.write(toFile: target, atomically: false, encoding: .utf8)
        let reads = Shared(0)
        let torn = Shared<[String]>([])
        let stop = Shared(false)
        let reader = TestThread {
            // Every read of the name finds one whole file or the other, never no file and never a mix.
            while !stop.current {
                let text = FileManager.default.contents(atPath: target).map { String(decoding: $0, as: UTF8.self) }
                if text != old && text != new { torn.update { $0.append(String((text ?? "(no file)").prefix(40))) } }
                reads.update { $0 += 1 }
            }
        }
        defer { reader.release() }
        var renames = 0
        while renames < 300 || reads.current < 300 {
            let part = folder.path(".calibration.json.part")
            let file = try FileDescriptor.open(part, .writeOnly, options: [.create, .truncate])
            try file.write(renames % 2 == 0 ? new : old)
            file.close()
            try FileSystem.rename(part, to: target)
            renames += 1
        }
        stop.current = true
        XCTAssertTrue(reader.finished(within: 30))
        XCTAssertEqual(torn.current, [], "after \(renames) renames and \(reads.current) reads")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.url.path), ["calibration.json"])
    }

    func testALinkNeverReplacesAndARenameSaysWhyItFailed() throws {
        let take = folder.path("take.csv")
        let other = folder.path("take-1.csv")
        try "first".write(toFile: take, atomically: false, encoding: .utf8)
        try "second".write(toFile: other, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try FileSystem.link(other, to: take)) { error in
            XCTAssertEqual(error as? Errno, .fileExists)
        }
        XCTAssertEqual(try String(contentsOfFile: take, encoding: .utf8), "first")
        XCTAssertThrowsError(try FileSystem.rename(folder.path("missing"), to: take)) { error in
            XCTAssertEqual(error as? Errno, .noSuchFile)
            XCTAssertEqual("\(error)", "No such file or directory")
        }
        FileSystem.remove(other)
        FileSystem.remove(other)  // already gone: nothing to do
        XCTAssertTrue(FileSystem.isFree(other))
        XCTAssertFalse(FileSystem.isFree(take))
    }

    func testWhatANameIs() throws {
        let plain = folder.path("plain")
        try "x".write(toFile: plain, atomically: false, encoding: .utf8)
        let link = folder.path("link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: plain)
        let dangling = folder.path("dangling")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: folder.path("gone"))
        let fifo = folder.path("fifo")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertEqual(try FileSystem.type(of: plain, followingLinks: false), .regular)
        XCTAssertEqual(try FileSystem.type(of: link, followingLinks: false), .symbolicLink)
        XCTAssertEqual(try FileSystem.type(of: link, followingLinks: true), .regular)
        XCTAssertEqual(try FileSystem.type(of: folder.url.path, followingLinks: true), .directory)
        XCTAssertEqual(try FileSystem.type(of: fifo, followingLinks: true), .fifo)
        XCTAssertEqual(try FileSystem.type(of: "/dev/null", followingLinks: true), .characterDevice)
        XCTAssertThrowsError(try FileSystem.type(of: dangling, followingLinks: true)) { error in
            XCTAssertEqual(error as? Errno, .noSuchFile)
        }
        XCTAssertFalse(FileSystem.isFree(dangling), "a dangling link still takes its name")
        FileSystem.syncFolder(containing: plain)
        FileSystem.syncFolder(containing: folder.path("no/such/file"))  // best effort: no folder, nothing to sync
    }
}
