extension TraceLineParser {
    /// The fields of a row, split at commas, each without the spaces and tabs around it (`trimmingSpaces`), by
    /// characters, so a comma joined to a combining mark stays part of its field. Plain ASCII sample rows (every
    /// recorded one) are split on their bytes by `ASCIIRow.split` instead; this is the general way, for the rest.
    static func fields(of line: String) -> [Substring] {
        line.split(separator: ",", omittingEmptySubsequences: false).map { Substring($0.trimmingSpaces()) }
    }
}
