import ThereminCore

/// Where the player plays: the calibrated playing box and the region the player's fingertip used in the last seconds
/// it was seen, each widened by a margin. A hand found afresh inside it is the player's coming back; one found
/// outside is somebody else's. The recent path is kept as one box a second, so the area costs the same whatever the
/// frame rate, and it is frozen while the player is away: it ages with the player's own time, not the clock's.
public struct PlayerArea: Sendable, Equatable {
    /// A rectangle in normalized, mirrored picture coordinates.
    public struct Box: Sendable, Equatable {
        public var minX, minY, maxX, maxY: Double

        public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
            self.minX = minX
            self.minY = minY
            self.maxX = maxX
            self.maxY = maxY
        }

        func contains(x: Double, y: Double) -> Bool { x >= minX && x <= maxX && y >= minY && y <= maxY }
        func union(_ other: Box) -> Box {
            Box(minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX),
                maxY: max(maxY, other.maxY))
        }
        func widened(by margin: Double) -> Box {
            Box(minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin)
        }
    }

    /// The least margin around the area (a tenth of the picture): a player comes back a little beside where they
    /// left. A hand bigger than that widens it to its own size (wrist to middle knuckle), so a near player's margin
    /// scales with them.
    public static let minimumMargin = 0.1
    /// Seconds of the player's path that make the area.
    public let memory: Double
    /// The calibrated playing box (fingertip positions), when the player calibrated.
    public var calibrated: Box?
    /// One box a second of the path: the second (floor of the trace time), the fingertips seen in it, and the
    /// largest hand size seen in it (widens the margin).
    private var seconds: [PathSecond] = []
    private struct PathSecond: Sendable, Equatable {
        var second: Int
        var box: Box
        var handSize: Double
    }

    public init(memory: Double = 10, calibration: Calibration? = nil) {
        self.memory = memory
        self.calibrated = calibration.flatMap(Self.box)
    }

    /// The box a calibration's four positions span; nil for the whole picture (no calibration).
    public static func box(of calibration: Calibration) -> Box? {
        guard calibration != .identity else { return nil }
        return Box(minX: min(calibration.volumeQuiet, calibration.volumeLoud), minY: calibration.pitchTop,
                   maxX: max(calibration.volumeQuiet, calibration.volumeLoud), maxY: calibration.pitchBottom)
    }

    /// Whether the area is known: a calibration, or a path the player has made.
    public var isKnown: Bool { calibrated != nil || !seconds.isEmpty }

    /// The area with its margin, nil while unknown.
    public var bounds: Box? {
        let path = seconds.map(\.box).reduce(nil as Box?) { $0.map { [box = $1] in $0.union(box) } ?? $1 }
        let joined = [calibrated, path].compactMap { $0 }.reduce(nil as Box?) { $0?.union($1) ?? $1 }
        return joined?.widened(by: max(Self.minimumMargin, seconds.map(\.handSize).max() ?? 0))
    }

    /// Whether a fingertip at (x, y) is in the area (with its margin); false while the area is unknown.
    public func contains(_ hand: HandSample) -> Bool {
        bounds?.contains(x: hand.x, y: hand.y) ?? false
    }

    /// Adds where the player's hand is now; seconds older than `memory` before it are let go.
    public mutating func note(_ hand: HandSample) {
        let second = Int(hand.t.rounded(.down))
        let point = Box(minX: hand.x, minY: hand.y, maxX: hand.x, maxY: hand.y)
        if let last = seconds.last, last.second == second {
            seconds[seconds.count - 1] = PathSecond(second: second, box: last.box.union(point),
                                                    handSize: max(last.handSize, hand.handSize))
        } else {
            seconds.append(PathSecond(second: second, box: point, handSize: hand.handSize))
        }
        let oldest = Int((hand.t - memory).rounded(.down))
        seconds.removeAll { $0.second < oldest }
    }

    /// Forgets the path (the calibrated box stays): the next hand found is judged as at the start.
    public mutating func forgetPath() {
        seconds.removeAll()
    }
}
