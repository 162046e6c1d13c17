/// The size and frame interval to ask a camera for.
struct CaptureChoice: Equatable {
    var size: PixelSize
    /// nil when the camera does not enumerate rates and none was asked for: leave the driver's rate alone.
    var interval: FrameInterval?
}

/// Chooses what to ask the driver for from what it offers: the requested size (it must be offered) and the
/// requested rate, or the highest rate offered at that size.
enum FormatSelection {
    /// - Parameters:
    ///   - formats: the camera's own formats with their sizes and rates.
    ///   - convertedRates: the rates libv4l2 reports for BGR24 at `size` (those of the format it converts from);
    ///     preferred over the union of all formats' rates, which may include formats libv4l2 would not pick.
    /// - Throws: `V4L2Error` `.noUsableFormat` saying what is offered instead.
    static func choose(from formats: [CameraFormat], size: PixelSize, framesPerSecond: Double?,
                       convertedRates: FrameIntervals?, device: String) throws(V4L2Error) -> CaptureChoice {
        func unusable(_ detail: String) -> V4L2Error {
            V4L2Error(kind: .noUsableFormat, operation: "choose format", device: device, detail: detail)
        }
        guard !formats.isEmpty else { throw unusable("it offers no video formats") }

        let sizesKnown = formats.contains { !$0.sizes.isEmpty || $0.sizeRange != nil }
        if sizesKnown && !formats.contains(where: { $0.offers(size) }) {
            throw unusable("\(size) is not offered; it offers \(describeSizes(formats)); pick one with --size")
        }

        var discrete: [FrameInterval] = []
        var ranges: [IntervalRange] = []
        switch convertedRates {
        case .discrete(let intervals)?: discrete = intervals
        case .range(let range)?: ranges = [range]
        case nil: break
        }
        if discrete.isEmpty && ranges.isEmpty {
            for format in formats {
                for offered in format.sizes where offered.size == size {
                    discrete += offered.intervals
                    ranges += offered.intervalRange.map { [$0] } ?? []
                }
            }
        }
        discrete = unique(discrete).sorted { $0.framesPerSecond > $1.framesPerSecond }

        guard let wanted = framesPerSecond else {
            let fastestRange = ranges.map(\.fastest).max { $0.framesPerSecond < $1.framesPerSecond }
            let fastest = (discrete.first.map { [$0] } ?? []) + (fastestRange.map { [$0] } ?? [])
            return CaptureChoice(size: size, interval: fastest.max { $0.framesPerSecond < $1.framesPerSecond })
        }
        if discrete.isEmpty && ranges.isEmpty {
            return CaptureChoice(size: size, interval: FrameInterval(framesPerSecond: wanted))
        }
        let tolerance = max(0.015 * wanted, 0.01)
        if let match = discrete.min(by: { abs($0.framesPerSecond - wanted) < abs($1.framesPerSecond - wanted) }),
           abs(match.framesPerSecond - wanted) <= tolerance {
            return CaptureChoice(size: size, interval: match)
        }
        if ranges.contains(where: { $0.contains(framesPerSecond: wanted) }) {
            return CaptureChoice(size: size, interval: FrameInterval(framesPerSecond: wanted))
        }
        let offered = discrete.map(\.description)
            + ranges.map { "\($0.slowest.description)-\($0.fastest.description)" }
        throw unusable("\(FrameInterval.format(wanted)) fps at \(size) is not offered; it offers "
            + "\(offered.joined(separator: ", ")) fps; pick one with --fps")
    }

    /// "640x480, 1280x720" (with ranges as "320x240-1920x1080").
    static func describeSizes(_ formats: [CameraFormat]) -> String {
        let listed = Array(Set(formats.flatMap { $0.sizes.map(\.size) })).sorted().map(\.description)
        let ranges = formats.compactMap(\.sizeRange).map { "\($0.minimum)-\($0.maximum)" }
        return (listed + ranges).joined(separator: ", ")
    }

    private static func unique(_ intervals: [FrameInterval]) -> [FrameInterval] {
        var seen = Set<FrameInterval>()
        return intervals.filter { seen.insert($0).inserted }
    }
}
