/// Frames a second over the last second, from the times frames were tracked: a fixed ring, so the tracking thread
/// neither allocates nor shifts an array each frame.
struct FrameRateMeter: Sendable {
    private var times = [Double](repeating: 0, count: 256)
    private var newest = -1
    private var count = 0

    /// Notes a frame tracked at `time` (seconds); returns the rate over the last second (0 before two frames).
    mutating func note(_ time: Double) -> Double {
        newest = (newest + 1) % times.count
        times[newest] = time
        count = min(count + 1, times.count)
        var oldest = newest, span = 1
        while span < count {
            let earlier = (oldest - 1 + times.count) % times.count
            if time - times[earlier] > 1 { break }
            oldest = earlier
            span += 1
        }
        return span > 1 ? Double(span - 1) / (time - times[oldest]) : 0
    }
}
