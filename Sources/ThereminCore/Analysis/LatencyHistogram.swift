import Foundation

/// One stage's latencies in a fixed amount of memory: bins 0.2 % wide from 10 µs to 60 s, each keeping its count and
/// the sum of its values, so a percentile is the mean of the values in the bin it falls in (exact while every value
/// has a bin of its own, within 0.2 % otherwise).
///
/// The list of every value it replaces grew by 72 kB a minute of live play and was sorted on every refresh of the
/// status line (every 15 ms): after half an hour that was a sort of 54,000 values 66 times a second.
struct LatencyHistogram: Sendable {
    private static let smallest = 1e-5
    private static let logGrowth = log(1.002)
    private static let binCount = Int((log(60 / smallest) / logGrowth).rounded(.up)) + 1

    private var counts = [UInt32](repeating: 0, count: binCount)
    private var sums = [Double](repeating: 0, count: binCount)
    private(set) var count = 0
    /// The lowest and highest bins holding a value: a percentile looks only between them. Live latencies fill a few
    /// hundred of the 7,800 bins, and the status line asks for the median 66 times a second (a scan from bin 0 was
    /// 54,000 instructions a refresh, more than the tracking loop's own work for a frame's mapping).
    private var lowest = binCount, highest = -1

    /// Adds a value in seconds (finite and not negative; the caller checks).
    mutating func add(_ seconds: Double) {
        let bin = seconds <= Self.smallest ? 0 : min(Self.binCount - 1, Int(log(seconds / Self.smallest) / Self.logGrowth))
        counts[bin] &+= 1
        sums[bin] += seconds
        count += 1
        lowest = min(lowest, bin)
        highest = max(highest, bin)
    }

    /// The value at fraction `p` (same rank as `LatencyStats.percentile` of the sorted values), nil when empty.
    func percentile(_ p: Double) -> Double? {
        guard count > 0 else { return nil }
        let rank = min(max(Int((p * Double(count)).rounded(.up)) - 1, 0), count - 1)
        var below = 0
        for bin in lowest...highest where counts[bin] > 0 {
            below += Int(counts[bin])
            if below > rank { return sums[bin] / Double(counts[bin]) }
        }
        return nil
    }
}
