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
    /// The current line, when it lies whole in `chunk` (the usual case): read there, not copied.
    private var lineInChunk = false
    private var lineStart = 0
    private var lineEnd = 0
    /// The current line otherwise (it runs across chunks, or to the end of the stream); one buffer for every line.
    private var carry: [UInt8] = []
    /// True when the current line is plain ASCII (so UTF-8 already, with one character a byte).
    private(set) var lineIsASCII = true
    private let maxLength: Int

    /// - Parameter nextChunk: returns the next bytes of the stream, or nil at its end.
    init(maxLength: Int, nextChunk: @escaping () throws -> [UInt8]?) {
        self.maxLength = maxLength
        self.nextChunk = nextChunk
    }

    /// Calls `body` with the bytes of the current line, without its line end.
    func withLine<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        guard lineInChunk else { return try carry.withUnsafeBufferPointer(body) }
        return try chunk.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[lineStart..<lineEnd])) }
    }

    /// The current line as text; throws `notUTF8` when it is not.
    func text() throws -> String {
        guard let text = withLine({ String(validating: $0, as: UTF8.self) }) else {
            throw Problem.notUTF8(line: lineNumber)
        }
        return text
    }

    /// Moves to the next line, or returns false at the end of the stream.
    mutating func advance() throws -> Bool {
        if !carry.isEmpty { carry.removeAll(keepingCapacity: true) }
        lineInChunk = false
        var highBits: UInt8 = 0
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
            let segment = chunk.withUnsafeBufferPointer { Segment(of: $0, from: offset) }
            // NUL is checked as bytes arrive, so a binary file is named as one before it could reach the length limit.
            if segment.hasNUL { throw Problem.binary(line: lineNumber + 1) }
            highBits |= segment.highBits
            if segment.endsLine && carry.isEmpty {
                (lineInChunk, lineStart, lineEnd) = (true, offset, segment.stop)
            } else {
                carry.append(contentsOf: chunk[offset..<segment.stop])
            }
            if (lineInChunk ? lineEnd - lineStart : carry.count) > maxLength { throw Problem.tooLong(line: lineNumber + 1) }
            offset = segment.stop
            if segment.endsLine {
                offset += 1
                ended = true
                break
            }
        }
        guard sawAny else { return false }
        lineNumber += 1
        lastLineEnded = ended
        if lineInChunk {
            if lineEnd > lineStart && chunk[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        } else if carry.last == 0x0D {
            carry.removeLast()
        }
        lineIsASCII = highBits < 0x80
        return true
    }
}

/// The bytes of a chunk from an offset up to the next LF (or the chunk's end), looked at once.
private struct Segment {
    /// Where the segment stops: at the LF, or the chunk's end.
    var stop: Int
    var endsLine = false
    var hasNUL = false
    /// Every byte or-ed together: its high bit is set when any byte is not ASCII.
    var highBits: UInt8 = 0

    init(of bytes: UnsafeBufferPointer<UInt8>, from start: Int) {
        stop = start
        while stop < bytes.count {
            let byte = bytes[stop]
            if byte == 0x0A {
                endsLine = true
                return
            }
            if byte == 0 { hasNUL = true }
            highBits |= byte
            stop += 1
        }
    }
}
