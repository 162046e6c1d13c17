import Foundation
import XCTest
import ThereminCore
import ThereminSession
import ThereminTestSupport

/// A live take's lifecycle on real files: a free name beside a taken one, the crash journal's note while it is
/// written, and what each ending leaves.
final class TakeRecordingTests: XCTestCase {
    private func journalEntries(_ journal: TakeJournal) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: journal.folder)) ?? []
    }

    func testATakenNameGivesTheNextFreeOneAndTheJournalNotesItUntilTheEnd() throws {
        let folder = try temporaryFolder(prefix: "take")
        let asked = folder.path("take.csv")
        try Data("older take\n".utf8).write(to: URL(fileURLWithPath: asked))
        let journal = TakeJournal(folder: folder.path("journal"))
        let take = try TakeRecording(asked: asked, metadata: TraceMetadata(), hands: 1, journal: journal)
        XCTAssertEqual(take.path, folder.path("take-1.csv"))
        XCTAssertEqual(take.renameNotice, "recording to \(folder.path("take-1.csv")) (\(asked) exists)")
        XCTAssertEqual(journalEntries(journal), [String(ProcessInfo.processInfo.processIdentifier)], "noted while written")
        try take.writer.write(HandSample(t: 0, x: 0.5, y: 0.5, present: true))
        try take.finish()
        XCTAssertEqual(journalEntries(journal), [], "the note goes with the end marker")
        let trace = try TraceReader.read(path: take.path)
        XCTAssertEqual(trace.samples.count, 1)
        XCTAssertFalse(trace.interrupted)
        XCTAssertEqual(try String(contentsOfFile: asked, encoding: .utf8), "older take\n", "never replaced")
    }

    func testAbandoningAnEmptyTakeRemovesItAndOneWithRowsStays() throws {
        let folder = try temporaryFolder(prefix: "take")
        let journal = TakeJournal(folder: folder.path("journal"))
        let empty = try TakeRecording(asked: folder.path("empty.csv"), metadata: TraceMetadata(), hands: 1, journal: journal)
        XCTAssertNil(empty.renameNotice)
        empty.abandon()
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("empty.csv")), "a header alone is not kept")
        XCTAssertEqual(journalEntries(journal), [])

        let played = try TakeRecording(asked: folder.path("played.csv"), metadata: TraceMetadata(), hands: 1, journal: journal)
        try played.writer.write(HandSample(t: 0, x: 0.5, y: 0.5, present: true))
        played.keepAfterFailure()
        played.abandon()
        XCTAssertEqual(try TraceReader.read(path: played.path).samples.count, 1, "what was played is kept")
        XCTAssertEqual(journalEntries(journal), [])
    }
}
