import XCTest
import ThereminCore
import ThereminTestSupport

/// Scores read from Standard MIDI Files written by midicsv's csvmidi: a format 1 file with its tempo map in the
/// first track (a tempo change and a 3/4 time signature), the melody in the second and a bass in the third; a
/// format 0 file with two channels in one track; running status as csvmidi writes it and expanded.
final class MIDIFileScoreTests: XCTestCase {
    func testAFormatOneFileGivesTheMelodyTimedByTheTempoMap() throws {
        let score = try Score(midiFile: try MIDIFiles.write(MIDIFiles.typeOne), named: "song.mid")
        XCTAssertEqual(score.title, "Melody")
        XCTAssertEqual(score.notes.map(\.name), ["C4", "D4", "E4", "F4", "G4"])
        // 120 beats a minute for the first bar, then 240: the tempo change halves the quarter note.
        let expected: [(Double, Double)] = [(0, 0.5), (0.5, 0.5), (1.0, 0.5), (1.5, 0.25), (1.75, 0.5)]
        for (note, (start, duration)) in zip(score.notes, expected) {
            XCTAssertEqual(note.start, start, accuracy: 1e-9, note.name)
            XCTAssertEqual(note.duration, duration, accuracy: 1e-9, note.name)
        }
        XCTAssertEqual(score.beatsPerBar, 3)
        XCTAssertEqual(score.beat, 0.5, accuracy: 1e-9)
        XCTAssertEqual(score.countIn, 1.5, accuracy: 1e-9)
        XCTAssertEqual(score.bars.count, 2)
        XCTAssertEqual(score.bars.last ?? 0, 1.5, accuracy: 1e-9)
    }

    func testRunningStatusReadsAsTheExpandedFileDoes() throws {
        let running = try MIDIFiles.write(MIDIFiles.typeOne)
        let expanded = try MIDIFiles.write(MIDIFiles.typeOne, expandRunningStatus: true)
        XCTAssertLessThan(running.count, expanded.count, "csvmidi used running status")
        XCTAssertEqual(try Score(midiFile: running, named: "a"), try Score(midiFile: expanded, named: "a"))
    }

    func testScoreTrackChoosesByNumberNameOrChannel() throws {
        let bytes = try MIDIFiles.write(MIDIFiles.typeOne)
        for track in [ScoreTrack.number(3), .named("bass"), .channel(2)] {
            let score = try Score(midiFile: bytes, named: "song.mid", track: track)
            XCTAssertEqual(score.notes.map(\.name), ["C2", "G2"], "\(track)")
            XCTAssertEqual(score.notes.last?.duration ?? 0, 0.75, accuracy: 1e-9, "\(track): a bar at 240")
        }
        XCTAssertEqual(ScoreTrack("3"), .number(3))
        XCTAssertEqual(ScoreTrack("channel:2"), .channel(2))
        XCTAssertEqual(ScoreTrack("ch10"), .channel(10))
        XCTAssertEqual(ScoreTrack("Bass"), .named("Bass"))
    }

    func testAFormatZeroFileTakesTheChannelOfItsFirstNoteAndOneVoice() throws {
        let csv = """
            0, 0, Header, 0, 1, 96
            1, 0, Start_track
            1, 0, Tempo, 600000
            1, 0, Note_on_c, 1, 48, 70
            1, 0, Note_on_c, 0, 72, 90
            1, 0, Note_on_c, 0, 76, 90
            1, 96, Note_off_c, 0, 72, 0
            1, 96, Note_off_c, 0, 76, 0
            1, 96, Note_on_c, 0, 74, 90
            1, 144, Note_on_c, 0, 71, 90
            1, 192, Note_off_c, 0, 74, 0
            1, 192, Note_off_c, 0, 71, 0
            1, 384, Note_off_c, 1, 48, 0
            1, 384, End_track
            0, 0, End_of_file

            """
        let score = try Score(midiFile: try MIDIFiles.write(csv), named: "zero.mid")
        // The file's first note is the bass's, on channel 2: by default its channel is the melody. Named by
        // channel, the upper voice is read as one line.
        XCTAssertEqual(score.notes.map(\.name), ["C3"])
        let melody = try Score(midiFile: try MIDIFiles.write(csv), named: "zero.mid", track: .channel(1))
        // Of E5 and C5 struck together the higher is the melody; B4 starting under D5 ends it.
        XCTAssertEqual(melody.notes.map(\.name), ["E5", "D5", "B4"])
        XCTAssertEqual(melody.notes[1].duration, 0.3, accuracy: 1e-9)
        XCTAssertEqual(melody.notes[2].start, 0.9, accuracy: 1e-9)
        XCTAssertEqual(melody.notes[2].duration, 0.3, accuracy: 1e-9)
    }

    func testANoteStruckAgainWhereItEndsKeepsBothNotes() throws {
        // The second C4's note-on comes before the first one's note-off at the same tick.
        let csv = """
            0, 0, Header, 0, 1, 480
            1, 0, Start_track
            1, 0, Note_on_c, 0, 60, 90
            1, 480, Note_on_c, 0, 60, 90
            1, 480, Note_off_c, 0, 60, 0
            1, 960, Note_off_c, 0, 60, 0
            1, 960, End_track
            0, 0, End_of_file

            """
        let score = try Score(midiFile: try MIDIFiles.write(csv), named: "again.mid")
        XCTAssertEqual(score.notes.map(\.start), [0, 0.5])
        XCTAssertEqual(score.notes.map(\.duration), [0.5, 0.5])
    }

    func testBadFilesAreRefusedWithTheirReason() throws {
        let bytes = try MIDIFiles.write(MIDIFiles.typeOne)
        let cases: [(ScoreTrack, [UInt8], String)] = [
            (.number(5), bytes, "there is no track 5; its tracks are 1 (no name) (0 notes), 2 'Melody' (5 notes), 3 'Bass' (2 notes)"),
            (.named("Flute"), bytes, "there is no track named 'Flute'"),
            (.number(1), bytes, "track 1 has no notes to play"),
            (.first, Array(bytes.prefix(60)), "track 2 is cut short"),
            (.first, Array("MThd".utf8) + [0, 0, 0, 6, 0, 2, 0, 1, 0, 96], "format 2"),
            (.first, Array("MThd".utf8) + [0, 0, 0, 6, 0, 0, 0, 1, 0xE7, 0x28], "SMPTE"),
        ]
        for (track, data, expected) in cases {
            XCTAssertThrowsError(try Score(midiFile: data, named: "song.mid", track: track), "\(track)") { error in
                let text = "\(error)"
                XCTAssertTrue(text.hasPrefix("score song.mid: "), text)
                XCTAssertTrue(text.contains(expected), "\(text) should say \(expected)")
                XCTAssertEqual((error as? ScoreError)?.failureKind.exitStatus, 2)
            }
        }
    }

    func testATempoOfZeroIsRefused() throws {
        let csv = MIDIFiles.typeOne.replacingOccurrences(of: "1, 1440, Tempo, 250000", with: "1, 1440, Tempo, 0")
        XCTAssertThrowsError(try Score(midiFile: try MIDIFiles.write(csv), named: "song.mid")) { error in
            XCTAssertTrue("\(error)".contains("tempo of 0"), "\(error)")
        }
    }

    func testAFileWithoutNotesIsToldItHasNone() throws {
        let empty = """
            0, 0, Header, 1, 1, 480
            1, 0, Start_track
            1, 0, Tempo, 500000
            1, 960, End_track
            0, 0, End_of_file

            """
        XCTAssertThrowsError(try Score(midiFile: try MIDIFiles.write(empty), named: "empty.mid")) { error in
            XCTAssertEqual("\(error)", "score empty.mid: it has no notes; play along with a score that has a melody")
        }
        let drums = empty.replacingOccurrences(of: "1, 960, End_track",
                                               with: "1, 0, Note_on_c, 9, 36, 90\n1, 480, Note_on_c, 9, 36, 0\n1, 960, End_track")
        XCTAssertThrowsError(try Score(midiFile: try MIDIFiles.write(drums), named: "drums.mid")) { error in
            XCTAssertTrue("\(error)".contains("no notes outside the drum channel"), "\(error)")
        }
    }

    func testAMidFileWithoutItsHeaderIsNotReadAsText() throws {
        let folder = try temporaryFolder(prefix: "score")
        let path = folder.path("song.mid")
        try Data("not a midi file\n".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try ScoreFile.read(path: path)) { error in
            XCTAssertTrue("\(error)".hasPrefix("score \(path): it is not a MIDI file"), "\(error)")
            XCTAssertFalse("\(error)".contains("is not a note"), "\(error)")
        }
        // The same words under a text score's name are read as one, and refused at the word.
        let text = folder.path("song.txt")
        try Data("not a midi file\n".utf8).write(to: URL(fileURLWithPath: text))
        XCTAssertThrowsError(try ScoreFile.read(path: text)) { error in
            XCTAssertTrue("\(error)".contains("'not' is not a note"), "\(error)")
        }
    }
}
