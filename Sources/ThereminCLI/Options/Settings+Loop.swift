import Foundation
import ThereminAudio

/// What belongs to live play only. `--loop-out FILE`: the looper is played with keys, so it belongs to live play (the camera, `--input` played live,
/// `--demo` on the sound card). The file is written at the end, so what would make it fail is refused at the start.
extension Settings {
    /// True when this run plays live through the sound card with the keys.
    var playsLive: Bool {
        guard let live = ModeTable.entry(mode.kind).playsLive else { return false }
        return !live.unlessGiven.contains(where: writes.contains)
    }

    /// `--no-preview` belongs to the live session, which an `--input` or `--demo` run writing files offline does not
    /// start; so does `--stats`, which also gives the OSC sender's figures (`--osc-out`, sent by `--replay` and
    /// `--input` offline too). Refused where they would be ignored; ModeTable refuses them in the other modes.
    func checkLiveSessionOptions(_ parsed: ParsedArguments) throws {
        // A mode that plays live, run offline by the files it writes.
        let offline = !playsLive && ModeTable.entry(mode.kind).playsLive != nil
        let statsIgnored = mode.kind == .demo ? offline : (offline || mode.kind == .replay) && oscOut == nil
        let stray = [(Options.noPreview.name, offline), (Options.stats.name, statsIgnored)]
            .first { $0.1 && parsed.has($0.0) }?.0
        guard let stray else { return }
        let entry = ModeTable.entry(mode.kind)
        var given = "\(entry.label) without \(Options.oscOut.name)"
        if offline, let live = entry.playsLive {
            given = "\(entry.label) with \(ModeTable.sentence(live.unlessGiven, joinedBy: "or")) (\(live.described))"
        }
        throw UsageError("\(stray) only applies to live play\(stray == Options.stats.name ? " or with --osc-out" : ""), not \(given)", options: [stray, "--osc-out"])
    }

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
