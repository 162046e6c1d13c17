import ThereminCore

/// `--tuner` as a library: reads a sound input block by block, keeps the newest tenth of a second, and estimates its
/// pitch after every block once that much has been heard, until a stop is asked for or the duration is reached.
/// The command line plugs in the capture device and shows each reading.
public struct TunerListening {
    /// Seconds to listen (nil: until a stop is asked for).
    public var duration: Double?
    /// Asked before every block whether to stop.
    public var stopRequested: () -> Bool = { false }
    /// Called after every block once a window has been heard, with the reading (nil: no clear pitch) and the frames
    /// heard so far.
    public var show: (_ reading: PitchEstimate?, _ heardFrames: Int) -> Void = { _, _ in }

    public init(duration: Double? = nil) {
        self.duration = duration
    }

    /// Listens on `input` until stopped.
    /// - Returns: the frames heard.
    /// - Throws: the input's error.
    public func run(on input: any SoundInput) throws -> Int {
        let rate = input.sampleRate
        let estimator = TunerEstimator(sampleRate: Double(rate))
        let window = estimator.window
        // The newest `window` samples, oldest first; refilled in place.
        var history = [Float](repeating: 0, count: window)
        var block = [Float](repeating: 0, count: input.periodFrames)
        var heard = 0
        let limit = duration.map { Int($0 * Double(rate)) }
        while !stopRequested() {
            if let limit, heard >= limit { break }
            let got = try block.withUnsafeMutableBufferPointer { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return try input.read(into: base, maxFrames: buffer.count)
            }
            guard got > 0 else { continue }
            Self.shift(&history, appending: block[0..<got])
            heard += got
            guard heard >= window else { continue }
            show(history.withUnsafeBufferPointer { estimator.estimate($0) }, heard)
        }
        return heard
    }

    /// Drops the oldest samples so the newest `new` fit at the end.
    private static func shift(_ history: inout [Float], appending new: ArraySlice<Float>) {
        let count = min(new.count, history.count)
        let keep = history.count - count
        if keep > 0 {
            history.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                (base).update(from: base + count, count: keep)
            }
        }
        for (i, value) in new.suffix(count).enumerated() { history[keep + i] = value }
    }
}
