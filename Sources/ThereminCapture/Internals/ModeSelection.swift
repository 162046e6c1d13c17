/// Chooses the camera mode (format, size, rate) for play from what the camera offers; the rule is on `ModeChoice`.
enum ModeSelection {
    /// The frames the tracker is tuned and measured at; the chooser prefers frames nearest it.
    static let trackerSize = PixelSize(width: 640, height: 480)
    /// Smaller frames lose detail the tracker uses (far players' hands); taken only when nothing larger is offered.
    static let smallestUseful = PixelSize(width: 640, height: 360)
    /// Rates above this count as this when modes are compared: the tracker takes about 5 ms a frame and 18 ms while
    /// searching, so more frames would mostly be decoded to be dropped.
    static let rateCeiling = 60.0

    /// One format at one size with its rates, as a candidate.
    struct Candidate {
        var fourcc: FourCC
        var size: PixelSize
        var decoding: FrameDecoding
        /// Discrete rates, fastest first.
        var intervals: [FrameInterval]
        var range: IntervalRange?
        /// The driver's order, the last tie-breaker.
        var order: Int

        var fastest: FrameInterval? {
            ([range?.fastest].compactMap { $0 } + intervals).max { $0.framesPerSecond < $1.framesPerSecond }
        }

        /// The offered interval for `fps` (within 1.5 %, so 30 finds 30000/1001), or one inside the range.
        func interval(for fps: Double) -> FrameInterval? {
            let tolerance = max(0.015 * fps, 0.01)
            if let match = intervals.min(by: { abs($0.framesPerSecond - fps) < abs($1.framesPerSecond - fps) }),
               abs(match.framesPerSecond - fps) <= tolerance { return match }
            if let range, range.contains(framesPerSecond: fps) { return FrameInterval(framesPerSecond: fps) }
            return nil
        }

        var summary: String { "\(fourcc) \(size)" + (fastest.map { " at \($0) fps" } ?? "") }
    }

    /// - Parameters:
    ///   - format: `--camera-format`, which must be offered; nil lets the chooser pick.
    ///   - size: `--size`, which must be offered; nil lets the chooser pick.
    ///   - framesPerSecond: `--fps`, which must be offered (at `size`, when given); nil takes the chosen mode's fastest.
    ///   - maximumDecodeWidth: MJPEG wider than this is decoded at a reduced scale (what the tracker gets counts).
    /// - Throws: `V4L2Error` `.noUsableFormat` saying what is offered instead.
    static func choose(from offered: [CameraFormat], format: FourCC? = nil, size: PixelSize?,
                       framesPerSecond: Double?, maximumDecodeWidth: Int = 640,
                       device: String) throws(V4L2Error) -> ModeChoice {
        func unusable(_ detail: String) -> V4L2Error {
            V4L2Error(kind: .noUsableFormat, operation: .chooseFormat, device: device, detail: detail)
        }
        guard !offered.isEmpty else { throw unusable("it offers no video formats") }
        var formats = offered
        if let format {
            formats = offered.filter { $0.fourcc == format }
            guard !formats.isEmpty else {
                let names = offered.map(\.fourcc.description).joined(separator: ", ")
                throw unusable("\(format) is not offered; it offers \(names); pick one with --camera-format")
            }
            guard FrameDecoding(format) != nil else {
                let names = FourCC.decodable.map(\.description).joined(separator: ", ")
                throw unusable("theremin cannot decode \(format); pick one of \(names) with --camera-format")
            }
        }
        let sizesKnown = formats.contains { !$0.sizes.isEmpty || $0.sizeRange != nil }
        if let size, sizesKnown, !formats.contains(where: { $0.offers(size) }) {
            throw unusable("\(size) is not offered; it offers \(describeSizes(formats)); pick one with --size")
        }

        var candidates = self.candidates(formats, size: size)
        if candidates.isEmpty {
            // Nothing this chooser can decode, or no sizes listed: libv4l2 picks the format it can convert.
            let chosen = size ?? trackerSize
            return ModeChoice(fourcc: nil, size: chosen, interval: framesPerSecond.map(FrameInterval.init),
                              reason: "libv4l2 picks the format (none the camera lists is one theremin decodes itself)")
        }
        if let fps = framesPerSecond {
            candidates = candidates.filter { $0.interval(for: fps) != nil }
            guard !candidates.isEmpty else {
                throw unusable(unofferedRate(fps, at: size, among: self.candidates(formats, size: size)))
            }
        }
        let ranked = rank(candidates, sizeGiven: size != nil, framesPerSecond: framesPerSecond,
                          maximumDecodeWidth: maximumDecodeWidth)
        let best = ranked[0]
        let interval = framesPerSecond.flatMap { best.interval(for: $0) } ?? best.fastest
        let reason = explain(best, over: ranked.dropFirst().first, format: format, size: size,
                             framesPerSecond: framesPerSecond, maximumDecodeWidth: maximumDecodeWidth)
        return ModeChoice(fourcc: best.fourcc, size: best.size, interval: interval, reason: reason)
    }

    /// Every decodable format at every listed size (or at `size` only), with its rates.
    static func candidates(_ formats: [CameraFormat], size: PixelSize?) -> [Candidate] {
        var result: [Candidate] = []
        for format in formats {
            guard let decoding = FrameDecoding(format.fourcc) else { continue }
            var sizes = format.sizes
            let wanted = size ?? trackerSize
            if let range = format.sizeRange, let template = sizes.first, range.contains(wanted),
               !sizes.contains(where: { $0.size == wanted }) {
                // A stepwise range lists its ends; the size asked for, or the tracker's, inside it takes their rates.
                sizes.append(CameraFrameSize(size: wanted, intervals: template.intervals,
                                             intervalRange: template.intervalRange))
            }
            for offered in sizes where size == nil || offered.size == size {
                result.append(Candidate(fourcc: format.fourcc, size: offered.size, decoding: decoding,
                                        intervals: offered.intervalRange == nil ? offered.intervals : [],
                                        range: offered.intervalRange, order: result.count))
            }
        }
        return result
    }

    /// Best first, by the rule on `ModeChoice`.
    static func rank(_ candidates: [Candidate], sizeGiven: Bool, framesPerSecond: Double?,
                     maximumDecodeWidth: Int) -> [Candidate] {
        let keys = candidates.map { key($0, framesPerSecond: framesPerSecond, maximumDecodeWidth: maximumDecodeWidth) }
        let anyUseful = keys.contains { $0.useful }
        return zip(candidates, keys).sorted { a, b in
            let (x, y) = (a.1, b.1)
            if !sizeGiven && anyUseful && x.useful != y.useful { return x.useful }
            if !sizeGiven && !anyUseful && x.area != y.area { return x.area > y.area }
            if x.cappedRate != y.cappedRate { return x.cappedRate > y.cappedRate }
            if x.misfit != y.misfit { return x.misfit < y.misfit }
            if x.cost != y.cost { return x.cost < y.cost }
            if x.rate != y.rate { return x.rate > y.rate }
            return a.0.order < b.0.order
        }.map(\.0)
    }

    struct Key {
        var useful: Bool
        var area: Int
        var rate: Double
        var cappedRate: Double
        /// How far the tracker's frame is from `trackerSize`, in pixels of area.
        var misfit: Int
        var cost: Double
    }

    static func key(_ candidate: Candidate, framesPerSecond: Double?, maximumDecodeWidth: Int) -> Key {
        let size = candidate.size
        let rate = framesPerSecond ?? candidate.fastest?.framesPerSecond ?? 0
        let frame = candidate.decoding.frameSize(for: size, maximumDecodeWidth: maximumDecodeWidth)
        return Key(useful: size.width >= smallestUseful.width && size.height >= smallestUseful.height,
                   area: size.width * size.height, rate: rate, cappedRate: min(rate, rateCeiling),
                   misfit: abs(frame.width * frame.height - trackerSize.width * trackerSize.height),
                   cost: (candidate.decoding.milliseconds(for: size, maximumDecodeWidth: maximumDecodeWidth) * 100)
                       .rounded() / 100)
    }

    /// Which rule made `best` win over the next best, in words.
    static func explain(_ best: Candidate, over next: Candidate?, format: FourCC?, size: PixelSize?,
                        framesPerSecond: Double?, maximumDecodeWidth: Int) -> String {
        var asked: [String] = []
        if let format { asked.append("--camera-format \(format)") }
        if let size { asked.append("--size \(size)") }
        if let framesPerSecond { asked.append("--fps \(FrameInterval.format(framesPerSecond))") }
        let prefix = asked.isEmpty ? "" : "as asked (\(asked.joined(separator: ", "))), "
        guard let next else { return prefix + "the only mode theremin can use" + (asked.isEmpty ? "" : " there") }
        let a = key(best, framesPerSecond: framesPerSecond, maximumDecodeWidth: maximumDecodeWidth)
        let b = key(next, framesPerSecond: framesPerSecond, maximumDecodeWidth: maximumDecodeWidth)
        let why: String
        if size == nil && a.useful != b.useful {
            why = "the highest frame rate at a size the tracker uses (\(smallestUseful) or more)"
        } else if size == nil && !a.useful && a.area != b.area {
            why = "the largest size offered (none reaches \(smallestUseful))"
        } else if a.cappedRate != b.cappedRate {
            why = "the highest frame rate" + (size == nil ? " at a size the tracker uses" : "")
        } else if a.misfit != b.misfit {
            why = "the highest frame rate, at the size nearest the tracker's \(trackerSize)"
        } else if a.cost != b.cost {
            why = "the highest frame rate and the size the tracker uses, cheapest to decode"
        } else {
            why = "the highest frame rate and the size the tracker uses, first of equals in the driver's list"
        }
        return prefix + why + " (next best: \(next.summary))"
    }

    /// "90 fps is not offered at any size; it offers 30, 15 fps; pick one with --fps" (or "at 640x480").
    static func unofferedRate(_ fps: Double, at size: PixelSize?, among candidates: [Candidate]) -> String {
        let discrete = Set(candidates.flatMap(\.intervals)).sorted { $0.framesPerSecond > $1.framesPerSecond }
        var offered: [String] = []
        for interval in discrete where !offered.contains(interval.description) { offered.append(interval.description) }
        offered += candidates.compactMap(\.range).map { "\($0.slowest.description)-\($0.fastest.description)" }
        let place = size.map { " at \($0)" } ?? " at any size"
        return "\(FrameInterval.format(fps)) fps\(place) is not offered; it offers \(offered.joined(separator: ", ")) "
            + "fps; pick one with --fps"
    }

    /// "640x480, 1280x720" (with ranges as "320x240-1920x1080").
    static func describeSizes(_ formats: [CameraFormat]) -> String {
        let listed = Array(Set(formats.flatMap { $0.sizes.map(\.size) })).sorted().map(\.description)
        let ranges = formats.compactMap(\.sizeRange).map { "\($0.minimum)-\($0.maximum)" }
        return (listed + ranges).joined(separator: ", ")
    }
}
