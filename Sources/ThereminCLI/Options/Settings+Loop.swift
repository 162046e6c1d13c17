import Foundation
import ThereminAudio

/// `--loop-out FILE`: the looper is played with keys, so it belongs to the runs that play live (the mode table says
/// which). The file is written at the end, so what would make it fail is refused at the start.
extension Settings {
    mutating func readLoopOut(_ parsed: ParsedArguments) throws {
        guard let path = try parsed.value(Options.loopOut) else { return }
        guard !path.isEmpty, !path.hasSuffix("/") else {
            throw UsageError("--loop-out needs a file name, e.g. loop.wav, got '\(path)'", options: ["--loop-out"])
        }
        try ModeTable.checkPlaysLive(Options.loopOut.name, because: "the looper is played with its keys", mode: mode,
                                     writing: writes)
        guard SoundFileWriter.knowsType(of: path) else {
            throw UsageError("--loop-out '\(path)' is not a sound file name; give one ending in .wav, .flac, .aiff or .ogg", options: ["--loop-out"])
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw UsageError("--loop-out '\(path)': the folder \(folder) does not exist; create it or name another file", options: ["--loop-out"])
        }
        loopOut = path
    }
}
