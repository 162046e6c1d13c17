import Foundation

/// Reads and validates trace files. Every problem becomes a `TraceError` naming the file, line and what is wrong;
/// nothing in a file can make it trap.
public enum TraceReader {
    /// Reads the trace at `path`.
    public static func read(path: String) throws -> Trace {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read (check its permissions)"
                                                                       : "does not exist (check the path)"
            throw TraceError(file: path, line: nil, problem: reason)
        }
        defer { try? handle.close() }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw TraceError(file: path, line: nil, problem: "is a directory, not a trace file",
                             remedy: "give the path of a trace (.csv) inside it")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
        return try parse(name: path, expectedBytes: size ?? 0) {
            do {
                return try handle.read(upToCount: 64 * 1024).map { [UInt8]($0) }
            } catch {
                throw TraceError(file: path, line: nil, problem: "cannot be read: \(error.localizedDescription)")
            }
        }
    }

    /// Parses trace text already in memory (tests, fuzzing).
    public static func parse(bytes: [UInt8], name: String) throws -> Trace {
        var delivered = false
        return try parse(name: name, expectedBytes: bytes.count) {
            if delivered { return nil }
            delivered = true
            return bytes
        }
    }

    /// What to do about a file that is not a trace at all.
    static let notATraceRemedy = "give a trace recorded with --record (CSV text; see docs/guide.md, Trace format)"
    /// What to do about a trace with a bad line.
    static let badLineRemedy = "fix that line (format: docs/guide.md, Trace format) or record the trace again"

    /// - Parameter expectedBytes: the size of the input when known (0 if not), to make room for its rows at once.
    static func parse(name: String, expectedBytes: Int = 0, nextChunk: @escaping () throws -> [UInt8]?) throws -> Trace {
        var scanner = LineScanner(maxLength: TraceFormat.maxLineLength, nextChunk: nextChunk)
        var parser = TraceLineParser(file: name, expectedBytes: expectedBytes)
        do {
            while try scanner.advance() {
                let number = scanner.lineNumber
                do {
                    if scanner.lineIsASCII {
                        try scanner.withLine { try parser.consume(ascii: $0, number: number) }
                    } else {
                        try parser.consume(try scanner.text(), number: number)
                    }
                } catch let error as TraceError where !scanner.lastLineEnded && parser.isUnfinishedTake {
                    // The file ends inside this row: an interrupted live take, cut while writing it. Every row
                    // before it is whole; the torn one is left out (`--recover` trims it from the file).
                    guard error.line == scanner.lineNumber else { throw error }
                    return try parser.finish(droppingTornLine: scanner.lineNumber)
                }
            }
            return try parser.finish()
        } catch let problem as LineScanner.Problem {
            switch problem {
            case .binary(let line):
                throw TraceError(file: name, line: line, problem: "contains NUL bytes: this is a binary file, not a trace (CSV text)",
                                 remedy: notATraceRemedy)
            case .tooLong(let line):
                throw TraceError(file: name, line: line, problem: "line is longer than \(TraceFormat.maxLineLength) bytes: not a trace file",
                                 remedy: notATraceRemedy)
            case .notUTF8(let line):
                throw TraceError(file: name, line: line, problem: "is not UTF-8 text: not a trace file", remedy: notATraceRemedy)
            }
        } catch var error as TraceError where error.remedy == nil && error.line != nil {
            error.remedy = badLineRemedy
            throw error
        }
    }
}
