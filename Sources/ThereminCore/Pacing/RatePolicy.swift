import Foundation

/// Chooses a tracking rate the machine can keep, from what each tracked frame costs (conversion and tracking). A
/// machine slower than the camera would otherwise track whatever frame waits each time it is free: frames age, are
/// dropped unevenly and the tracking thread runs flat out. Pure: frame costs in, a rate out, the same for the same
/// costs.
///
/// After `assessment` seconds of frames (at the start, and after every change), when the cost's 90th percentile
/// exceeds the tracked frame interval, the policy moves to the fastest rate whose interval the cost fills to at most
/// `headroom`: the camera's own slower rate where it offers one, else every second (third…) frame. It goes back up
/// once the faster rate would have had that room for `patience` seconds on end. A rate the player gave is kept.
public struct RatePolicy: Sendable {
    /// A change of rate, and why in words (for `-v` and `--stats`).
    public struct Decision: Sendable, Equatable {
        public var rate: TrackingRate
        public var reason: String
    }

    /// Seconds of frames judged before a decision, and after each.
    public static let assessment = 2.0
    /// The share of the frame interval a kept rate's cost (p90) may fill: the rest is the tracking thread's idle
    /// time, which the other real-time work of the machine needs (the kernel throttles real-time threads at 95 %).
    public static let headroom = 0.85
    /// Seconds the faster rate must have had room before going back up.
    public static let patience = 10.0
    /// The slowest the policy goes: below it a hand's motion is not followed whatever the delay.
    public static let slowestTrackedRate = 5.0
    /// The fewest frames a decision is made on.
    static let minimumFrames = 20

    /// The rate in force.
    public private(set) var current: TrackingRate
    /// The camera's chosen mode: the fastest the policy goes.
    public let fastest: TrackingRate
    /// The camera's rates at its size, fastest first (the chosen one among them).
    public let offeredRates: [Double]
    /// The player gave the rate (`--fps`): it is kept.
    public let fixed: Bool
    private var costs = CostWindow(span: RatePolicy.assessment)
    private var judgedSince: Double?
    private var roomSince: Double?
    private var lastTime = 0.0

    /// - Parameters:
    ///   - cameraRate: the rate the camera was opened at.
    ///   - offeredRates: the rates the camera offers at the same size (any order); `cameraRate` counts among them.
    ///   - fixed: the player asked for this rate.
    public init(cameraRate: Double, offeredRates: [Double] = [], fixed: Bool = false) {
        fastest = TrackingRate(cameraRate: cameraRate)
        current = fastest
        self.offeredRates = Array(Set(offeredRates.filter { $0 > 0 && $0 <= cameraRate } + [cameraRate]))
            .sorted(by: >)
        self.fixed = fixed
    }

    /// The 90th percentile of the recent costs (seconds) at the last frame, once there were enough of them.
    public private(set) var recentCost: Double?

    /// Takes what the frame tracked at `time` cost (seconds, conversion and tracking); returns a new rate when one is
    /// due.
    public mutating func note(cost: Double, at time: Double) -> Decision? {
        costs.add(cost, at: time)
        lastTime = time
        recentCost = costs.count >= Self.minimumFrames ? costs.percentile(0.9) : nil
        let since = judgedSince ?? time
        judgedSince = since
        guard !fixed else { return nil }
        guard time - since >= Self.assessment, let p90 = recentCost else { return nil }
        if p90 > current.interval {
            let slower = Self.fastestKept(cost: p90, among: candidates)
            roomSince = nil
            guard slower != current else { return nil }
            return change(to: slower, at: time, because: "tracking takes \(Self.ms(p90)) a frame (p90) against "
                          + "\(Self.ms(current.interval)) between frames at \(current)")
        }
        let faster = Self.fastestKept(cost: p90, among: candidates)
        guard faster.trackedRate > current.trackedRate else {
            roomSince = nil
            return nil
        }
        let room = roomSince ?? time
        roomSince = room
        guard time - room >= Self.patience else { return nil }
        return change(to: faster, at: time, because: "tracking has taken at most \(Self.ms(p90)) a frame (p90) for "
                      + "\(Int(Self.patience)) s, room for \(faster)")
    }

    /// Takes the rate the source could give when it could not give the one decided (a camera that keeps its rate
    /// tracks a stride of it instead).
    public mutating func adopt(_ rate: TrackingRate) { current = rate }

    /// Whether the first `assessment` seconds have been judged.
    public var hasJudged: Bool {
        guard let since = judgedSince, recentCost != nil else { return false }
        return lastTime - since >= Self.assessment
    }

    /// Why the rate in force is kept, once there are costs to say it with.
    public var keptReason: String? {
        guard let p90 = recentCost else { return nil }
        let why = fixed ? "as asked (--fps)" : p90 > current.interval ? "the slowest kept" : "kept"
        return "tracking takes \(Self.ms(p90)) a frame (p90) against \(Self.ms(current.interval)) between frames: "
            + "\(current), \(why)"
    }

    private mutating func change(to rate: TrackingRate, at time: Double, because why: String) -> Decision {
        current = rate
        judgedSince = time
        roomSince = nil
        costs.removeAll()
        return Decision(rate: rate, reason: "\(why): tracking \(rate)")
    }

    /// Every rate the policy may choose: each offered camera rate, whole or every second, third… frame of it, down to
    /// `slowestTrackedRate`.
    var candidates: [TrackingRate] {
        var all: [TrackingRate] = []
        for rate in offeredRates {
            var stride = 1
            while rate / Double(stride) >= Self.slowestTrackedRate || stride == 1 {
                all.append(TrackingRate(cameraRate: rate, stride: stride))
                stride += 1
            }
        }
        return all
    }

    /// The fastest candidate whose interval `cost` fills to at most `headroom`; at equal tracked rates the camera's
    /// own rate (fewer frames sent, none converted to be skipped). The slowest candidate when none keeps up.
    static func fastestKept(cost: Double, among candidates: [TrackingRate]) -> TrackingRate {
        let ordered = candidates.sorted {
            $0.trackedRate != $1.trackedRate ? $0.trackedRate > $1.trackedRate : $0.stride < $1.stride
        }
        return ordered.first { cost <= headroom * $0.interval } ?? ordered.last ?? TrackingRate(cameraRate: 30)
    }

    static func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
}

/// The costs of the frames of the last `span` seconds, in a fixed ring (no allocation once full).
struct CostWindow: Sendable {
    let span: Double
    private var times = [Double](repeating: 0, count: CostWindow.capacity)
    private var values = [Double](repeating: 0, count: CostWindow.capacity)
    private var sorted = [Double](repeating: 0, count: CostWindow.capacity)
    private var start = 0
    private(set) var count = 0
    static let capacity = 512

    init(span: Double) { self.span = span }

    mutating func add(_ value: Double, at time: Double) {
        while count > 0 && (time - times[start] > span || count == Self.capacity) {
            start = (start + 1) % Self.capacity
            count -= 1
        }
        let index = (start + count) % Self.capacity
        times[index] = time
        values[index] = value
        count += 1
    }

    mutating func removeAll() {
        start = 0
        count = 0
    }

    /// The `share` quantile (nearest rank) of the values held.
    mutating func percentile(_ share: Double) -> Double {
        guard count > 0 else { return 0 }
        for k in 0..<count { sorted[k] = values[(start + k) % Self.capacity] }
        sorted[0..<count].sort()
        let rank = min(count - 1, max(0, Int((share * Double(count)).rounded(.up)) - 1))
        return sorted[rank]
    }
}
