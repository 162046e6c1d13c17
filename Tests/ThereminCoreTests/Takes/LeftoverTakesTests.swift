import XCTest
import Foundation
import ThereminCore
import ThereminTestSupport

/// What interrupted runs leave is found: journal entries of processes that are gone whose takes lack the end
/// marker, and old-style `.NAME.PID.part` traces.
final class LeftoverTakesTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var directory: URL { folder.url }

    override func setUpWithError() throws {
        folder = try temporaryFolder(prefix: "leftovers")
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A process id no process has (above the kernel's pid_max limit of 4 194 304).
    private let gonePid = "4194399"

    func testAJournalEntryOfAGoneProcessNamesItsUnfinishedTake() throws {
        let journal = TakeJournal(folder: directory.appendingPathComponent("journal").path)
        let unfinished = try write("take.csv", "# theremin-trace 1\n# recording: live\nt,x,y,present\n0,0.5,0.5,1\n")
        let finished = try write("done.csv", "# theremin-trace 1\n# recording: live\nt,x,y,present\n0,0.5,0.5,1\n# end: 1 frames\n")
        try FileManager.default.createDirectory(atPath: journal.folder, withIntermediateDirectories: true)
        _ = try write("journal/\(gonePid)", unfinished + "\n")
        _ = try write("journal/4194398", finished + "\n")
        _ = try write("journal/4194397", directory.appendingPathComponent("deleted.csv").path + "\n")
        let found = LeftoverTakes.find(journal: journal, folders: [])
        XCTAssertEqual(found, [LeftoverTake(path: unfinished, kind: .interruptedTake)])
        XCTAssertTrue("\(found[0])".contains("theremin --recover \(unfinished)"), "\(found[0])")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: journal.folder), [gonePid],
                       "entries of finished and deleted takes are dropped")
    }

    func testThisProcessesOwnTakeIsNotALeftover() throws {
        let journal = TakeJournal(folder: directory.appendingPathComponent("journal").path)
        let take = try write("take.csv", "# theremin-trace 1\n# recording: live\nt,x,y,present\n")
        journal.begin(take: take)
        XCTAssertEqual(journal.interruptedTakes(), [])
        journal.end()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: journal.folder), [])
    }

    func testOldStylePartialTracesOfGoneProcessesAreFound() throws {
        let part = try write(".take.csv.\(gonePid).part", "# theremin-trace 1\nt,x,y,present\n0,0.5,0.5,1\n")
        _ = try write(".sound.wav.\(gonePid).part", "RIFF")
        _ = try write(".mine.csv.\(getpid()).part", "# theremin-trace 1\n")
        _ = try write("take.csv.part", "# theremin-trace 1\n")
        let found = LeftoverTakes.find(journal: nil, folders: [directory.path])
        XCTAssertEqual(found, [LeftoverTake(path: part, kind: .partialFile)])
    }

    func testPartialNamesAndShellQuoting() {
        XCTAssertEqual(PartialName(".take.csv.123.part")?.name, "take.csv")
        XCTAssertEqual(PartialName(".take.csv.123.part")?.pid, 123)
        XCTAssertNil(PartialName("take.csv.123.part"))
        XCTAssertNil(PartialName(".take.csv.x.part"))
        XCTAssertNil(PartialName("..123.part"))
        let spaced = LeftoverTake(path: "/my takes/it's.csv", kind: .interruptedTake)
        XCTAssertEqual(spaced.recoverCommand, "theremin --recover '/my takes/it'\\''s.csv'")
    }

    func testAReplayOfAnInterruptedTakeSaysWhatItPlaysAndHowToCompleteIt() {
        let take = LeftoverTake(path: "/my takes/it's.csv", kind: .interruptedTake)
        XCTAssertEqual(take.replayNotice(frames: 42), "/my takes/it's.csv is an interrupted take: playing the 42 frames "
                       + "it holds; mark it complete with: theremin --recover '/my takes/it'\\''s.csv'")
    }
}
