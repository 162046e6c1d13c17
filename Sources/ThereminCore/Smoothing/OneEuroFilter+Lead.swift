extension OneEuroFilter {
    /// Takes the input that makes the filter's output `target` at time `t`, and returns that input: what a player
    /// who knows how the instrument smooths does, moving a little further and sooner so the smoothed value arrives
    /// on time. Found by bisection within `bounds` (the playing area; the mapping clamps to it), so a target the
    /// filter cannot reach from there in one step gets the nearest bound.
    public mutating func lead(to target: Double, at t: Double, within bounds: ClosedRange<Double> = 0...1) -> Double {
        func output(_ value: Double) -> Double {
            var trial = self
            return trial.filter(value, at: t)
        }
        var low = bounds.lowerBound, high = bounds.upperBound
        let input: Double
        if target <= output(low) {
            input = low
        } else if target >= output(high) {
            input = high
        } else {
            // The output rises with the input (a larger step also opens the speed-adaptive cutoff).
            for _ in 0..<64 {
                let middle = (low + high) / 2
                if output(middle) < target { low = middle } else { high = middle }
            }
            input = abs(output(low) - target) <= abs(output(high) - target) ? low : high
        }
        _ = filter(input, at: t)
        return input
    }
}
