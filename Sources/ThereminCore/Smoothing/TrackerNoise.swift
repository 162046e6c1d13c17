import Foundation

/// The tracker's noise, estimated while playing. The landmark model sees the hand through a crop of its own size,
/// so its jitter is a fixed share of the hand's size: a far player's small hand is noisier in normalized units.
/// That share is learned from the second differences of the fingertip (a still or smoothly moving hand leaves
/// mostly noise in them), following their floor: it falls at once, and rises only slowly, so a vibrato or a leap
/// is not mistaken for noise.
public struct TrackerNoise: Sendable {
    /// σ as a share of the hand's size (wrist to middle knuckle): starts at what the tracker showed on the corpus.
    public private(set) var share = 0.002
    private var average = 0.002 * 0.002
    private var last: (Double, Double)?
    private var time = 0.0
    /// The interval between the two measurements in `last` (seconds).
    private var lastInterval = 0.0
    public static let minimumShare = 0.0004
    public static let maximumShare = 0.05
    /// A hand of unknown size (a trace without landmarks) counts as this big.
    public static let nominalHandSize = 0.15

    public init() {}

    public mutating func reset() {
        last = nil
        lastInterval = 0
    }

    /// σ for a hand of `size` (normalized units) as learned so far.
    public func sigma(handSize size: Double) -> Double {
        share * (size > 0.01 ? size : TrackerNoise.nominalHandSize)
    }

    /// Takes a measurement of a hand of `size` at `t`, returns σ for it (normalized units). While `learning` is
    /// false (the hand moves or swings: a vibrato's second differences are its own curve, not noise, 16 pixels a
    /// frame at 6 Hz and 30 fps, and a melody's notes would raise it note by note) the share is kept as it is.
    @discardableResult
    public mutating func update(_ z: Double, at t: Double, handSize size: Double, learning: Bool = true) -> Double {
        let size = size > 0.01 ? size : TrackerNoise.nominalHandSize
        let hadLast = last != nil
        if let (older, old) = last, t > time, learning, lastInterval > 0 {
            let dt = t - time
            // What a straight line through the last two misses by, at this frame's own time: frames dropped or
            // unevenly spaced leave a moving hand's line straight (the even second difference would count its speed
            // as noise). Scaled to the noise of an even second difference (1 + 4 + 1 measurements' variances).
            let ratio = dt / lastInterval
            let spread = (1 + (1 + ratio) * (1 + ratio) + ratio * ratio) / 6
            let second = (z - old - (old - older) * ratio) / size / spread.squareRoot()
            // Clipped at four σ: the end of a glide or a note change, which the first still frames still hold, is
            // not noise (a melody of such changes would otherwise raise σ tenfold).
            let sample = min(second * second / 6, 16 * share * share)
            average += (1 - exp(-dt / 0.3)) * (sample - average)
            let target = min(max(average.squareRoot(), TrackerNoise.minimumShare), TrackerNoise.maximumShare)
            share = target < share ? target : share + (target - share) * (1 - exp(-dt / 5))
            last = (old, z)
        } else if let (_, old) = last {
            last = (old, z)
        } else {
            last = (z, z)
        }
        if hadLast && t > time { lastInterval = t - time }
        time = t
        return share * size
    }
}
