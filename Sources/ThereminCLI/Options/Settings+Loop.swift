import Foundation
import ThereminAudio

/// What belongs to live play only. `--loop-out FILE`: the looper is played with keys, so it belongs to live play (the camera, `--input` played live,
/// `--demo` on the sound card). The file is written at the end, so what would make it fail is refused at the start.
extension Settings {
    /// True when this run plays live through the sound card with the keys (ModeTable says which runs do).
    var playsLive: Bool { ModeTable.entry(mode.kind).playsLive(writing: writes) }

    mutating func readLoopOut(_ parsed: ParsedArguments) throws {
        guard let path = try parsed.value(Options.loopOut) else { return }
        guard !path.isEmpty, !path.hasSuffix("/") else {
            throw UsageError("--loop-out needs a file name, e.g. loop.wav, got '\(path)'", options: ["--loop-out"])
        }
        guard playsLive else {
            let live = ModeTable.all.compactMap(\.whenLive)
            let listed = live.count > 1 ? live.dropLast().joined(separator: ", ") + ", or " + (live.last ?? "") : live.joined()
            throw UsageError("--loop-out applies to live play (\(listed)): the looper is played with its keys",
                             options: [Options.loopOut.name] + writes.sorted())
        }
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
