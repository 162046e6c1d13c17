extension TraceLineParser {
    /// The fields of a row, split at commas, each without the spaces and tabs around it (`trimmingSpaces`). A row
    /// of plain ASCII (every recorded one) is split on its bytes without copying; any other goes the general way,
    /// by characters, so a comma joined to a combining mark stays part of its field exactly as before.
    static func fields(of line: String) -> [Substring] {
        let bytes = line.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            return line.split(separator: ",", omittingEmptySubsequences: false).map { Substring($0.trimmingSpaces()) }
        }
        var fields: [Substring] = []
        var start = bytes.startIndex
        var index = start
        while true {
            let atEnd = index == bytes.endIndex
            if atEnd || bytes[index] == UInt8(ascii: ",") {
                fields.append(trimmingASCIISpaces(line[start..<index]))
                if atEnd { return fields }
                index = bytes.index(after: index)
                start = index
            } else {
                index = bytes.index(after: index)
            }
        }
    }

    private static func trimmingASCIISpaces(_ field: Substring) -> Substring {
        let bytes = field.utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") {
            start = bytes.index(after: start)
        }
        while start < end {
            let last = bytes.index(before: end)
            guard bytes[last] == UInt8(ascii: " ") || bytes[last] == UInt8(ascii: "\t") else { break }
            end = last
        }
        return field[start..<end]
    }
}
