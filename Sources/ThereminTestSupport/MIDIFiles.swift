import Foundation
import XCTest

/// Standard MIDI Files written by a real tool for the score reader's tests: midicsv's `csvmidi` (Debian's midicsv,
/// a test package in scripts/deps.txt) turns the CSV a test writes into the file's bytes.
public enum MIDIFiles {
    public static let csvmidi = "/usr/bin/csvmidi"

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
