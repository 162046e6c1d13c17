/// A sample row read on its bytes, as `TraceLineParser` reads it the general way (`readSample`, `hand`), but only
/// where everything in the row is valid: each of these gives nil for any row the general way would refuse (or
/// might: this way knows only the plain cases), and that row then goes the general way for its error. Keep the two
/// in step: TracePlainRowTests compares them.
extension ASCIIRow {
    /// The row's `t`, when the row has the header's number of fields and `t` is a time in 0…24 h not before `notBefore`.
    func time(columnCount: Int, column: Int, notBefore: Double) -> Double? {
        guard count == columnCount, let t = finiteNumber(column), (0...TraceFormat.maxTime).contains(t),
              t >= notBefore else { return nil }
        return t
    }

    /// One hand's sample from its columns, on a row whose `time` was read (so it has every column).
    func hand(_ columns: HandColumns, t: Double) -> HandSample? {
        let present: Bool
        if let index = nonEmpty(columns.present) {
            guard let flag = flag(index) else { return nil }
            present = flag
        } else {
            // An empty `present` is refused for the first hand and means absent for the second.
            guard !columns.suffix.isEmpty else { return nil }
            present = false
        }
        var x = 0.0, y = 0.0
        if present || nonEmpty(columns.x) != nil || nonEmpty(columns.y) != nil {
            guard let rowX = coordinate(columns.x), let rowY = coordinate(columns.y) else { return nil }
            x = rowX
            y = rowY
        }
        var confidence = present ? 1.0 : 0.0
        if nonEmpty(columns.confidence) != nil {
            guard let value = coordinate(columns.confidence) else { return nil }
            confidence = value
        }
        var handedness: Handedness?
        if let index = nonEmpty(columns.hand) {
            guard let value = Handedness(rawValue: text(index).lowercased()) else { return nil }
            handedness = value
        }
        var closed: Bool?
        if let index = nonEmpty(columns.closed) {
            guard let flag = flag(index) else { return nil }
            closed = flag
        }
        var acquired = false
        if let index = nonEmpty(columns.acquired) {
            guard let flag = flag(index) else { return nil }
            acquired = flag && present
        }
        return HandSample(t: t, x: x, y: y, present: present, confidence: confidence, handedness: handedness,
                          closedFist: closed, acquired: acquired)
    }

    private func finiteNumber(_ index: Int?) -> Double? {
        guard let index = nonEmpty(index), let value = number(index), value.isFinite else { return nil }
        return value
    }

    private func coordinate(_ index: Int?) -> Double? {
        guard let value = finiteNumber(index), (0...1).contains(value) else { return nil }
        return value
    }
}
