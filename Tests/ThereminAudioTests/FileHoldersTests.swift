import Foundation
import XCTest
import ThereminAudio
import ThereminTestSupport

/// `FileHolders` finds who holds a file as `fuser` does, through /proc: here a real process holding a real file.
final class FileHoldersTests: XCTestCase {
    func testFindsTheProcessHoldingAFileByItsCommandName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("holders-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let held = folder.appendingPathComponent("pcmC0D0p").path
        let free = folder.appendingPathComponent("pcmC1D0p").path
        for path in [held, free] { XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil)) }
        // The shell opens the file, then becomes `sleep` with it still open.
        let holder = try ProcessRunner.spawn("/bin/sh", ["-c", "exec 9<\"$0\" && exec sleep 30", held])
        defer { holder.signal(SIGTERM); _ = holder.wait() }
        let pid = holder.process.processIdentifier

        var found: [FileHolders.Holder] = []
        XCTAssertTrue(waitUntil(timeout: 10) {
            found = FileHolders.holding { $0 == held }
            return found.contains { $0.command == "sleep" }
        }, "the holder was found: \(found)")
        XCTAssertEqual(found, [FileHolders.Holder(pid: pid, command: "sleep")])
        XCTAssertEqual(found.first?.description, "sleep (pid \(pid))")
        XCTAssertEqual(FileHolders.holding { $0 == free }, [], "nobody holds the other file")
    }
}
