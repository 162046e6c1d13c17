/// A row of plain ASCII split on its bytes: the fields `TraceLineParser.fields(of:)` gives for it (split at commas,
/// spaces and tabs around each trimmed), as ranges of the line instead of substrings, read without copying.
struct ASCIIRow {
    let bytes: UnsafeBufferPointer<UInt8>
    let fields: [Range<Int>]

    /// Splits `line` into `fields`, a buffer reused from row to row.
    static func split(_ line: UnsafeBufferPointer<UInt8>, into fields: inout [Range<Int>]) {
        fields.removeAll(keepingCapacity: true)
        var start = 0
        for index in 0...line.count where index == line.count || line[index] == UInt8(ascii: ",") {
            var lower = start, upper = index
            while lower < upper, isSpace(line[lower]) { lower += 1 }
            while lower < upper, isSpace(line[upper - 1]) { upper -= 1 }
            fields.append(lower..<upper)
            start = index + 1
        }
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    var count: Int { fields.count }

    /// The field at `index`, when there is one and it is not empty.
    func nonEmpty(_ index: Int?) -> Int? {
        guard let index, !fields[index].isEmpty else { return nil }
        return index
    }

    /// `0` or `1` as false or true; nil for anything else.
    func flag(_ index: Int) -> Bool? {
        let field = fields[index]
        guard field.count == 1 else { return nil }
        switch bytes[field.lowerBound] {
        case UInt8(ascii: "0"): return false
        case UInt8(ascii: "1"): return true
        default: return nil
        }
    }

    /// The field's number exactly as `Double(String)` reads it (nil where it refuses).
    func number(_ index: Int) -> Double? {
        let field = UnsafeBufferPointer(rebasing: bytes[fields[index]])
        return PlainDecimal.parse(field) ?? Double(String(decoding: field, as: UTF8.self))
    }

    /// The field as text, for the few columns that are words (`hand`).
    func text(_ index: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[fields[index]]), as: UTF8.self)
    }
}
