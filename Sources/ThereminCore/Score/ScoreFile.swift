import Foundation

/// `--play-along SCORE`: reads a score from a file, a Standard MIDI File when it starts as one (`MThd`), otherwise
/// a text score.
public enum ScoreFile {
    /// - Throws: `ScoreError` for a file that cannot be read, is neither kind of score, or has no melody.
    public static func read(path: String, track: ScoreTrack = .first) throws(ScoreError) -> Score {
        var folder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &folder), folder.boolValue {
            throw ScoreError(file: path, problem: "it is a folder; name a MIDI file or a text score")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "it cannot be read (check its permissions)"
                : "there is no such file; check the path"
            throw ScoreError(file: path, problem: reason)
        }
        let bytes = [UInt8](data)
        if bytes.starts(with: Array("MThd".utf8)) { return try Score(midiFile: bytes, named: path, track: track) }
        if path.lowercased().hasSuffix(".mid") || path.lowercased().hasSuffix(".midi") {
            // Named as MIDI but without its header: reading it as text would only complain about its first word.
            throw ScoreError(file: path, problem: "it is not a MIDI file (it does not start with the MThd header); "
                                 + "export it again as a Standard MIDI File")
        }
        guard track == .first else {
            throw ScoreError(file: path, problem: "--score-track chooses a track of a MIDI file; this is a text score")
        }
        guard let text = String(data: data, encoding: .utf8), !bytes.contains(0) else {
            throw ScoreError(file: path, problem: "it is neither a MIDI file nor a text score (see docs/guide.md)")
        }
        return try Score(text: text, named: path)
    }
}
