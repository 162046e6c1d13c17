/// The line-by-line grammar of a trace: metadata comments, the header, then one sample per line.
struct TraceLineParser {
    private let file: String
    private var metadata: [(key: String, value: String)] = []
    private var columns: [String]?
    private var indexOf: [String: Int] = [:]
    private var samples: [HandSample] = []
    private var secondHand: [HandSample] = []
    private var lastTime = -Double.infinity
    private var lineCount = 0

    init(file: String) {
        self.file = file
    }

    mutating func consume(_ line: String, number: Int) throws {
        lineCount = number
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("#") {
            guard columns == nil else { return }
            let body = trimmed.dropFirst().trimmingCharacters(in: .whitespaces)
            if let colon = body.firstIndex(of: ":") {
                let key = body[..<colon].trimmingCharacters(in: .whitespaces)
                let value = body[body.index(after: colon)...].trimmingCharacters(in: .whitespaces)
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
        return Trace(metadata: TraceMetadata(metadata), samples: samples,
                     secondHand: indexOf["present2"] == nil ? nil : secondHand)
    }

    private mutating func readHeader(_ line: String, number: Int) throws {
        let names = line.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        for (index, name) in names.enumerated() where indexOf[name] == nil {
            indexOf[name] = index
        }
        let missing = TraceFormat.requiredColumns.filter { indexOf[$0] == nil }
        guard missing.isEmpty else {
            let what = names.allSatisfy({ Double($0) != nil || $0.isEmpty }) ? "has no header line" : "header lacks column(s) \(missing.joined(separator: ", "))"
            throw TraceError(file: file, line: number, problem: "\(what): expected `t,x,y,present` first")
        }
        columns = names
    }

    private mutating func readSample(_ line: String, number lineNumber: Int) throws {
        guard let columns else { return }
        let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard fields.count == columns.count else {
            throw TraceError(file: file, line: lineNumber,
                             problem: "has \(fields.count) fields but the header has \(columns.count)")
        }
        func field(_ name: String) -> String { fields[indexOf[name] ?? 0] }

        let t = try number(field("t"), column: "t", line: lineNumber)
        guard (0...TraceFormat.maxTime).contains(t) else {
            throw TraceError(file: file, line: lineNumber, problem: "t is \(field("t")), outside 0…\(Int(TraceFormat.maxTime)) seconds")
        }
        guard t >= lastTime else {
            throw TraceError(file: file, line: lineNumber,
                             problem: "time goes backwards (\(t) after \(lastTime)); times must not decrease")
        }
        lastTime = t
        samples.append(try hand(fields, suffix: "", t: t, line: lineNumber))
        if indexOf["present2"] != nil {
            secondHand.append(try hand(fields, suffix: "2", t: t, line: lineNumber))
        }
    }

    /// One hand's columns: `x`, `y`, `present`, and the optional `confidence`, `hand` (left/right) and `closed`
    /// (0/1), each with the suffix (`""` for the first hand, `"2"` for the second).
    private func hand(_ fields: [String], suffix: String, t: Double, line lineNumber: Int) throws -> HandSample {
        func optional(_ name: String) -> String? {
            guard let index = indexOf[name + suffix], !fields[index].isEmpty else { return nil }
            return fields[index]
        }
        let presentText = optional("present") ?? (suffix.isEmpty ? "" : "0")
        guard presentText == "0" || presentText == "1" else {
            throw TraceError(file: file, line: lineNumber,
                             problem: "present\(suffix) is `\(presentText)`; expected 0 or 1")
        }
        let present = presentText == "1"
        var x = 0.0, y = 0.0
        if present || optional("x") != nil || optional("y") != nil {
            x = try coordinate(optional("x") ?? "", column: "x" + suffix, line: lineNumber)
            y = try coordinate(optional("y") ?? "", column: "y" + suffix, line: lineNumber)
        }
        var confidence = present ? 1.0 : 0.0
        if let text = optional("confidence") {
            confidence = try coordinate(text, column: "confidence" + suffix, line: lineNumber)
        }
        var handedness: Handedness?
        if let text = optional("hand") {
            guard let value = Handedness(rawValue: text.lowercased()) else {
                throw TraceError(file: file, line: lineNumber,
                                 problem: "hand\(suffix) is `\(text.prefix(20))`; expected left, right or empty")
            }
            handedness = value
        }
        var closed: Bool?
        if let text = optional("closed") {
            guard text == "0" || text == "1" else {
                throw TraceError(file: file, line: lineNumber,
                                 problem: "closed\(suffix) is `\(text.prefix(20))`; expected 0, 1 or empty")
            }
            closed = text == "1"
        }
        return HandSample(t: t, x: x, y: y, present: present, confidence: confidence, handedness: handedness,
                          closedFist: closed)
    }

    private func number(_ text: String, column: String, line: Int) throws -> Double {
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

    private func coordinate(_ text: String, column: String, line: Int) throws -> Double {
        let value = try number(text, column: column, line: line)
        guard (0...1).contains(value) else {
            throw TraceError(file: file, line: line, problem: "\(column) is \(text), outside 0…1")
        }
        return value
    }
}
