/// The pitch a vibrato circles, point by point: the middle of the highest and lowest pitch within one cycle of the
/// slowest vibrato around each point, as pitch correction's `VibratoKeeper` finds a held note's centre. With a
/// whole cycle in view the middle of its extremes is the centre whatever the rate, so a note held off-centre with a
/// wide vibrato keeps one note even where the swing crosses the half-semitone line.
enum VibratoCentre {
    /// Seconds looked at around each point: a whole cycle of a 3 Hz vibrato (`VibratoKeeper.window`).
    static let window = VibratoKeeper.window

    /// The centre of each of `cents` (one per point, times `times`), within the run `range` (points outside it
    /// belong to other runs). Each point's window is centred on it, shifted to lie inside the run where the run is
    /// long enough, so the first and last points of a run still see a whole cycle.
    static func centres(_ cents: [Double], times: [Double], range: ClosedRange<Int>) -> [Double] {
        var result = [Double](repeating: 0, count: range.count)
        guard let firstTime = times.indices.contains(range.lowerBound) ? times[range.lowerBound] : nil else { return result }
        let lastTime = times[range.upperBound]
        var early = range.lowerBound, late = range.lowerBound
        for index in range {
            var from = times[index] - window / 2, to = times[index] + window / 2
            if from < firstTime { to = min(lastTime, to + (firstTime - from)); from = firstTime }
            if to > lastTime { from = max(firstTime, from - (to - lastTime)); to = lastTime }
            while early < range.upperBound, times[early] < from - 1e-9 { early += 1 }
            while early > range.lowerBound, times[early - 1] >= from - 1e-9 { early -= 1 }
            late = max(late, early)
            while late < range.upperBound, times[late + 1] <= to + 1e-9 { late += 1 }
            while late > early, times[late] > to + 1e-9 { late -= 1 }
            var low = Double.infinity, high = -Double.infinity
            for value in cents[early...late] {
                low = min(low, value)
                high = max(high, value)
            }
            result[index - range.lowerBound] = (low + high) / 2
        }
        return result
    }
}
