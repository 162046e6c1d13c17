import Foundation
import XCTest

/// Standard MIDI Files written by a real tool for the score reader's tests: midicsv's `csvmidi` (Debian's midicsv,
/// a test package in scripts/deps.txt) turns the CSV a test writes into the file's bytes.
public enum MIDIFiles {
    public static let csvmidi = "/usr/bin/csvmidi"

    /// A format 1 song in midicsv's CSV: the tempo map (120 then 240 beats a minute, 3/4) in track 1, the melody
    /// C4 D4 E4 F4 G4 ("Melody", channel 1, note-offs as note-ons of velocity 0) in track 2, a bass ("Bass",
    /// channel 2) in track 3.
    public static let typeOne = """
        0, 0, Header, 1, 3, 480
        1, 0, Start_track
        1, 0, Tempo, 500000
        1, 0, Time_signature, 3, 2, 24, 8
        1, 1440, Tempo, 250000
        1, 2880, End_track
        2, 0, Start_track
        2, 0, Title_t, "Melody"
        2, 0, Note_on_c, 0, 60, 90
        2, 480, Note_on_c, 0, 60, 0
        2, 480, Note_on_c, 0, 62, 90
        2, 960, Note_on_c, 0, 62, 0
        2, 960, Note_on_c, 0, 64, 90
        2, 1440, Note_off_c, 0, 64, 0
        2, 1440, Note_on_c, 0, 65, 90
        2, 1920, Note_on_c, 0, 65, 0
        2, 1920, Note_on_c, 0, 67, 90
        2, 2880, Note_on_c, 0, 67, 0
        2, 2880, End_track
        3, 0, Start_track
        3, 0, Title_t, "Bass"
        3, 0, Program_c, 1, 33
        3, 0, Note_on_c, 1, 36, 80
        3, 1440, Note_on_c, 1, 36, 0
        3, 1440, Note_on_c, 1, 43, 80
        3, 2880, Note_on_c, 1, 43, 0
        3, 2880, End_track
        0, 0, End_of_file

        """

    /// The file `csvmidi` writes for `csv` (midicsv's record format: `track, time, type, values…`), with running
    /// status (its default) or without (`expandRunningStatus`, its `-x`); skips when csvmidi is not installed.
    public static func write(_ csv: String, expandRunningStatus: Bool = false) throws -> [UInt8] {
        guard FileManager.default.isExecutableFile(atPath: csvmidi) else {
            throw XCTSkip("csvmidi is not installed (Debian package midicsv; scripts/install-deps --test)")
        }
        let folder = try TemporaryFolder(prefix: "csvmidi")
        let input = folder.path("score.csv"), output = folder.path("score.mid")
        try csv.write(toFile: input, atomically: true, encoding: .utf8)
        let result = try ProcessRunner.run(csvmidi, (expandRunningStatus ? ["-x"] : []) + ["-z", input, output])
        guard result.status == 0 else {
            throw NSError(domain: "csvmidi", code: Int(result.status), userInfo: [NSLocalizedDescriptionKey: result.stderr])
        }
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
    }
}
