import Foundation

/// A recording an interrupted run left behind, and how to get it back.
public struct LeftoverTake: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// A live take under its own name without its end marker.
        case interruptedTake
        /// A hidden `.NAME.PID.part` trace of a run that is gone (earlier versions recorded live takes that way).
        case partialFile
    }

    public let path: String
    public let kind: Kind

    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    /// The command that recovers it, quoted for a POSIX shell.
    public var recoverCommand: String { "theremin --recover \(ShellQuote.quote(path))" }

    /// What a replay of this interrupted take says before playing the `frames` it holds.
    public func replayNotice(frames: Int) -> String {
        "\(path) is an interrupted take: playing the \(frames) frames it holds; "
            + "mark it complete with: \(recoverCommand)"
    }

    public var description: String {
        switch kind {
        case .interruptedTake:
            return "take \(path) was interrupted (crash or power cut) and holds every frame up to then; "
                + "it replays as it is; mark it complete with: \(recoverCommand)"
        case .partialFile:
            return "an interrupted run left the unfinished recording \(path); "
                + "recover it under its name with: \(recoverCommand)"
        }
    }
}

/// Finds what interrupted runs left: takes the journal names, and old-style `.NAME.PID.part` traces in the given
/// folders (the folder a new `--record` writes to).
public enum LeftoverTakes {
    public static func find(journal: TakeJournal?, folders: [String]) -> [LeftoverTake] {
        var found = (journal?.interruptedTakes() ?? []).map { LeftoverTake(path: $0, kind: .interruptedTake) }
        for folder in Set(folders.map { URL(fileURLWithPath: $0).standardizedFileURL.path }).sorted() {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() {
                guard let parsed = PartialName(name), !ProcessCheck.isTheremin(parsed.pid) else { continue }
                let path = URL(fileURLWithPath: folder).appendingPathComponent(name).path
                guard startsAsTrace(path) else { continue }
                found.append(LeftoverTake(path: path, kind: .partialFile))
            }
        }
        return found
    }

    private static func startsAsTrace(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 32)) ?? Data()
        return String(decoding: head, as: UTF8.self).hasPrefix("# \(TraceFormat.magic)")
    }
}

/// `.NAME.PID.part`: the temporary name `OutputFile` gives a file being written.
public struct PartialName: Sendable, Equatable {
    /// The name the finished file was to have.
    public let name: String
    public let pid: pid_t

    public init?(_ fileName: String) {
        guard fileName.hasPrefix("."), fileName.hasSuffix(".part") else { return nil }
        let middle = fileName.dropFirst().dropLast(".part".count)
        guard let dot = middle.lastIndex(of: "."), let pid = pid_t(middle[middle.index(after: dot)...]),
              pid > 0, dot > middle.startIndex else { return nil }
        name = String(middle[..<dot])
        self.pid = pid
    }
}

/// Quotes a path for a POSIX shell when it needs it, so a printed command can be pasted as it is.
enum ShellQuote {
    static func quote(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+,:@=".contains($0)) }
        return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
