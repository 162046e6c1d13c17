/// Splits a byte stream into lines without holding more than one line in memory: LF or CRLF line ends, a leading
/// UTF-8 byte-order mark skipped, NUL bytes, invalid UTF-8 and over-long lines reported rather than parsed.
struct LineScanner {
    enum Problem: Error, Equatable {
        case binary(line: Int)
        case tooLong(line: Int)
        case notUTF8(line: Int)
    }

    private let nextChunk: () throws -> [UInt8]?
    private var chunk: [UInt8] = []
    private var offset = 0
    private var atEnd = false
    private var startedFile = false
    private(set) var lineNumber = 0
    /// False when the last line returned ran to the end of the stream without a line end (a torn last row).
    private(set) var lastLineEnded = true
    private let maxLength: Int

    /// - Parameter nextChunk: returns the next bytes of the stream, or nil at its end.
    init(maxLength: Int, nextChunk: @escaping () throws -> [UInt8]?) {
        self.maxLength = maxLength
        self.nextChunk = nextChunk
    }

    /// The next line without its line end, or nil at the end of the stream.
    mutating func nextLine() throws -> String? {
        var line: [UInt8] = []
        var sawAny = false
        var ended = false
        while true {
            if offset >= chunk.count {
                if atEnd { break }
                guard let next = try nextChunk(), !next.isEmpty else {
                    atEnd = true
                    break
                }
                chunk = next
                offset = 0
                if !startedFile {
                    startedFile = true
                    if chunk.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
                }
                continue
            }
            sawAny = true
            let end = chunk[offset...].firstIndex(of: 0x0A)
            let stop = end ?? chunk.count
            // NUL is checked as bytes arrive, so a binary file is named as one before it could reach the length limit.
            if chunk[offset..<stop].contains(0) { throw Problem.binary(line: lineNumber + 1) }
            line.append(contentsOf: chunk[offset..<stop])
            if line.count > maxLength { throw Problem.tooLong(line: lineNumber + 1) }
            offset = stop
            if end != nil {
                offset += 1
                ended = true
                break
            }
        }
        guard sawAny else { return nil }
        lineNumber += 1
        lastLineEnded = ended
        if line.last == 0x0D { line.removeLast() }
        guard let text = String(validating: line, as: UTF8.self) else { throw Problem.notUTF8(line: lineNumber) }
        return text
    }
}
