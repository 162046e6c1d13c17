/// The measurements of the last `window` seconds, in a ring sized once (no allocation as they come), and how they
/// swing: their lowest and highest value and their travel (the sum of their steps). A whole cycle of a vibrato
/// travels twice its span, a glide or a leap once: what the motion estimator and the vibrato keeper both ask.
public struct RecentSwing: Sendable {
    public let window: Double
    private var times: [Double]
    private var values: [Double]
    private var first = 0
    public private(set) var count = 0

    public init(window: Double, capacity: Int) {
        self.window = window
        times = [Double](repeating: 0, count: max(1, capacity))
        values = [Double](repeating: 0, count: max(1, capacity))
    }

    /// The newest measurement's value, nil when there is none.
    public var newest: Double? { count > 0 ? values[(first + count - 1) % values.count] : nil }

    /// The oldest measurement's time, nil when there is none.
    public var oldestTime: Double? { count > 0 ? times[first] : nil }

    public mutating func reset() { count = 0 }

    /// Keeps `value`, measured at `time`, and forgets those older than `window` (or than the ring holds).
    public mutating func add(_ value: Double, at time: Double) {
        if count == times.count { drop() }
        let slot = (first + count) % times.count
        times[slot] = time
        values[slot] = value
        count += 1
        while count > 1, times[first] < time - window { drop() }
    }

    /// The lowest and highest value and the travel between them in time order; nil when empty.
    public var swing: (low: Double, high: Double, travel: Double)? {
        guard count > 0 else { return nil }
        var low = Double.infinity, high = -Double.infinity, travel = 0.0
        var previous = values[first]
        for k in 0..<count {
            let value = values[(first + k) % values.count]
            low = min(low, value)
            high = max(high, value)
            travel += abs(value - previous)
            previous = value
        }
        return (low, high, travel)
    }

    /// Calls `body` with each measurement (time, value), oldest first, without copying the ring.
    public func forEach(_ body: (Double, Double) -> Void) {
        for k in 0..<count {
            let slot = (first + k) % times.count
            body(times[slot], values[slot])
        }
    }

    private mutating func drop() {
        first = (first + 1) % times.count
        count -= 1
    }
}
