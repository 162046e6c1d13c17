/// The line-by-line grammar of a trace: metadata comments, the header, then one sample per line.
struct TraceLineParser {
    private let file: String
    private var metadata: [(key: String, value: String)] = []
    private var columns: [String]?
    private var indexOf: [String: Int] = [:]
    /// Where each hand's columns are, looked up once from the header (not per line: this parser reads traces of
    /// hours).
    private var handColumns: [HandColumns] = []
    private var timeColumn = 0
    private var samples: [HandSample] = []
    private var secondHand: [HandSample] = []
    private var lastTime = -Double.infinity
    private var actions: [TraceAction] = []
    private var soundChanges: [TraceSoundChange] = []
    /// The field ranges of the ASCII row being read, reused from row to row.
    private var fieldRanges: [Range<Int>] = []
    private var lineCount = 0
    private var ended = false
    /// Rows to make room for once the header is read, so that the sample arrays do not grow (and copy) row by row.
    private let expectedRows: Int

    /// True while the trace read so far is a live take without its end marker: its last row may be torn.
    var isUnfinishedTake: Bool {
        !ended && metadata.contains { $0.key == TraceFormat.liveRecordingKey && $0.value == TraceFormat.liveRecordingValue }
    }

    /// - Parameter expectedBytes: the size of the file when known: rows are rarely shorter than 16 bytes, so it
    ///   bounds the rows to make room for (up to a million; beyond that the arrays grow as usual).
    init(file: String, expectedBytes: Int = 0) {
        self.file = file
        expectedRows = min(max(expectedBytes, 0) / 16, 1 << 20)
    }

    /// Reads a line of plain ASCII. A sample row whose every field is plainly valid is read on its bytes; any other
    /// line (comments, the header, blank lines, a row with any problem) goes the general way, which alone phrases
    /// errors, so both ways accept, refuse and say the same.
    mutating func consume(ascii line: UnsafeBufferPointer<UInt8>, number: Int) throws {
        let first = line.firstIndex { !ASCIIRow.isSpace($0) }
        if let columns, let first, line[first] != UInt8(ascii: "#") {
            ASCIIRow.split(line, into: &fieldRanges)
            let row = ASCIIRow(bytes: line, fields: fieldRanges)
            if let t = row.time(columnCount: columns.count, column: timeColumn, notBefore: lastTime),
               let hand = row.hand(handColumns[0], t: t) {
                let second = handColumns.count > 1 ? row.hand(handColumns[1], t: t) : nil
                if handColumns.count == 1 || second != nil {
                    lineCount = number
                    lastTime = t
                    samples.append(hand)
                    if let second { secondHand.append(second) }
                    return
                }
            }
        }
        try consume(String(decoding: line, as: UTF8.self), number: number)
    }

    mutating func consume(_ line: String, number: Int) throws {
        lineCount = number
        let trimmed = line.trimmingSpaces()
        if trimmed.hasPrefix("#") {
            let body = trimmed.dropFirst().trimmingSpaces()
            if let colon = body.firstIndex(of: ":"), columns != nil,
               body[..<colon].trimmingSpaces() == TraceFormat.actionKey {
                let text = String(body[body.index(after: colon)...].trimmingSpaces())
                guard let action = PlayerAction(text: text) else {
                    throw TraceError(file: file, line: number,
                                     problem: "'\(text)' is not a player action (one of \(PlayerAction.allNames.joined(separator: ", ")))")
                }
                actions.append(TraceAction(row: samples.count, action: action))
                return
            }
            if let colon = body.firstIndex(of: ":"), columns != nil,
               body[..<colon].trimmingSpaces() == TraceFormat.soundKey {
                let name = String(body[body.index(after: colon)...].trimmingSpaces())
                soundChanges.append(TraceSoundChange(row: samples.count, preset: name))
                return
            }
            if let colon = body.firstIndex(of: ":"), columns != nil,
               TraceFormat.trailingKeys.contains(String(body[..<colon].trimmingSpaces())) {
                // Metadata known only once the rows had begun (where a play-along's first beat fell).
                metadata.append((String(body[..<colon].trimmingSpaces()),
                                 String(body[body.index(after: colon)...].trimmingSpaces())))
                return
            }
            guard columns == nil else {
                if body == TraceFormat.endMarker || body.hasPrefix(TraceFormat.endMarker + ":") { ended = true }
                return
            }
            if let colon = body.firstIndex(of: ":") {
                let key = body[..<colon].trimmingSpaces()
                let value = body[body.index(after: colon)...].trimmingSpaces()
                metadata.append((key, value))
            } else if body.hasPrefix(TraceFormat.magic) {
                metadata.append(("format", body))
            }
            return
        }
        if trimmed.isEmpty { return }
        if columns == nil {
            try readHeader(trimmed, number: number)
        } else {
            try readSample(trimmed, number: number)
        }
    }

    /// Finishes an interrupted take whose last line was torn: that line is left out and noted.
    func finish(droppingTornLine line: Int) throws -> Trace {
        var trace = try finish()
        trace.tornLine = line
        return trace
    }

    func finish() throws -> Trace {
        guard columns != nil else {
            throw TraceError(file: file, line: lineCount == 0 ? nil : lineCount,
                             problem: lineCount == 0 ? "is empty: expected a header line `t,x,y,present`"
                                                     : "has no header line `t,x,y,present`",
                             remedy: TraceReader.notATraceRemedy)
        }
        guard !samples.isEmpty else {
            throw TraceError(file: file, line: nil, problem: "has a header but no samples: record one with --record")
        }
        var trace = Trace(metadata: TraceMetadata(metadata), samples: samples,
                          secondHand: indexOf["present2"] == nil ? nil : secondHand)
        trace.interrupted = isUnfinishedTake
        trace.actions = actions
        trace.soundChanges = soundChanges
        return trace
    }

    private mutating func readHeader(_ line: String, number: Int) throws {
        let names = line.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingSpaces().lowercased() }
        for (index, name) in names.enumerated() where indexOf[name] == nil {
            indexOf[name] = index
        }
        let missing = TraceFormat.requiredColumns.filter { indexOf[$0] == nil }
        guard missing.isEmpty else {
            let what = names.allSatisfy({ Double($0) != nil || $0.isEmpty }) ? "has no header line" : "header lacks column(s) \(missing.joined(separator: ", "))"
            throw TraceError(file: file, line: number, problem: "\(what): expected `t,x,y,present` first")
        }
        columns = names
        timeColumn = indexOf["t"] ?? 0
        handColumns = [HandColumns(indexOf, suffix: "")]
        if indexOf["present2"] != nil { handColumns.append(HandColumns(indexOf, suffix: "2")) }
        samples.reserveCapacity(expectedRows)
        if handColumns.count > 1 { secondHand.reserveCapacity(expectedRows) }
    }

    private mutating func readSample(_ line: String, number lineNumber: Int) throws {
        guard let columns else { return }
        let fields = TraceLineParser.fields(of: line)
        guard fields.count == columns.count else {
            throw TraceError(file: file, line: lineNumber,
                             problem: "has \(fields.count) fields but the header has \(columns.count)")
        }
        let t = try number(fields[timeColumn], column: "t", line: lineNumber)
        guard (0...TraceFormat.maxTime).contains(t) else {
            throw TraceError(file: file, line: lineNumber,
                             problem: "t is \(fields[timeColumn]), outside 0…\(Int(TraceFormat.maxTime)) seconds")
        }
        guard t >= lastTime else {
            throw TraceError(file: file, line: lineNumber,
                             problem: "time goes backwards (\(t) after \(lastTime)); times must not decrease")
        }
        lastTime = t
        samples.append(try hand(fields, handColumns[0], t: t, line: lineNumber))
        if handColumns.count > 1 {
            secondHand.append(try hand(fields, handColumns[1], t: t, line: lineNumber))
        }
    }

    /// One hand's columns: `x`, `y`, `present`, and the optional `confidence`, `hand` (left/right) and `closed`
    /// (0/1), each with the suffix (`""` for the first hand, `"2"` for the second).
    private func hand(_ fields: [Substring], _ columns: HandColumns, t: Double, line lineNumber: Int) throws -> HandSample {
        let suffix = columns.suffix
        func optional(_ index: Int?) -> Substring? {
            guard let index, !fields[index].isEmpty else { return nil }
            return fields[index]
        }
        let presentText = optional(columns.present) ?? (suffix.isEmpty ? "" : "0")
        guard presentText == "0" || presentText == "1" else {
            throw TraceError(file: file, line: lineNumber,
                             problem: "present\(suffix) is `\(presentText)`; expected 0 or 1")
        }
        let present = presentText == "1"
        var x = 0.0, y = 0.0
        if present || optional(columns.x) != nil || optional(columns.y) != nil {
            x = try coordinate(optional(columns.x) ?? "", column: "x" + suffix, line: lineNumber)
            y = try coordinate(optional(columns.y) ?? "", column: "y" + suffix, line: lineNumber)
        }
        var confidence = present ? 1.0 : 0.0
        if let text = optional(columns.confidence) {
            confidence = try coordinate(text, column: "confidence" + suffix, line: lineNumber)
        }
        var handedness: Handedness?
        if let text = optional(columns.hand) {
            guard let value = Handedness(rawValue: text.lowercased()) else {
                throw TraceError(file: file, line: lineNumber,
                                 problem: "hand\(suffix) is `\(text.prefix(20))`; expected left, right or empty")
            }
            handedness = value
        }
        var closed: Bool?
        if let text = optional(columns.closed) {
            guard text == "0" || text == "1" else {
                throw TraceError(file: file, line: lineNumber,
                                 problem: "closed\(suffix) is `\(text.prefix(20))`; expected 0, 1 or empty")
            }
            closed = text == "1"
        }
        var acquired = false
        if let text = optional(columns.acquired) {
            guard text == "0" || text == "1" else {
                throw TraceError(file: file, line: lineNumber,
                                 problem: "acquired\(suffix) is `\(text.prefix(20))`; expected 0, 1 or empty")
            }
            acquired = text == "1" && present
        }
        return HandSample(t: t, x: x, y: y, present: present, confidence: confidence, handedness: handedness,
                          closedFist: closed, acquired: acquired)
    }

    private func number(_ text: Substring, column: String, line: Int) throws -> Double {
        guard !text.isEmpty else {
            throw TraceError(file: file, line: line, problem: "\(column) is empty; expected a number")
        }
        guard let value = Double(text) else {
            throw TraceError(file: file, line: line, problem: "\(column) is `\(text.prefix(40))`, not a number")
        }
        guard value.isFinite else {
            throw TraceError(file: file, line: line, problem: "\(column) is \(text), not a finite number")
        }
        return value
    }

    private func coordinate(_ text: Substring, column: String, line: Int) throws -> Double {
        let value = try number(text, column: column, line: line)
        guard (0...1).contains(value) else {
            throw TraceError(file: file, line: line, problem: "\(column) is \(text), outside 0…1")
        }
        return value
    }
}
