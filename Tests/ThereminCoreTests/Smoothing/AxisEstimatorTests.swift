import Foundation
import ThereminCore
import ThereminTestSupport
import XCTest

/// The motion estimator on synthetic tracks at 60 fps: what it passes of a vibrato, how still it holds a noisy
/// point, how a leap lands, and that a hand lost and found again does not swoop.
final class AxisEstimatorTests: XCTestCase {
    let rate = 60.0
    /// One cent at the default octave over the picture's height, in normalized units.
    let cent = 1.0 / 1200

    /// Gaussian noise of σ from a seeded generator (Box-Muller).
    func noise(_ sigma: Double, _ generator: inout SeededGenerator) -> Double {
        let u = max(Double.random(in: 0..<1, using: &generator), 1e-12), v = Double.random(in: 0..<1, using: &generator)
        return sigma * (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }

    /// Runs `path` through a fresh estimator with tracker noise σ; returns, per frame, the truth `ahead` seconds
    /// after the frame and the prediction for that time.
    func follow(_ path: (Double) -> Double, sigma: Double, ahead: Double, seconds: Double = 4, fps: Double? = nil)
        -> [(t: Double, truth: Double, heard: Double)] {
        let rate = fps ?? self.rate
        var estimator = AxisEstimator()
        var generator = SeededGenerator(seed: 7)
        var out: [(Double, Double, Double)] = []
        for k in 0..<Int(seconds * rate) {
            let t = Double(k) / rate
            estimator.update(path(t) + noise(sigma, &generator), at: t, noise: max(sigma, 0.0002))
            out.append((t, path(t + ahead), estimator.predicted(ahead: ahead)))
        }
        return out
    }

    /// An estimator fed one measurement a frame with the tracker's noise σ 0.0003, after a second of a still hand
    /// at `y` (that noise on it).
    final class Feed {
        var estimator = AxisEstimator()
        private var frame = 0
        private let fps: Double

        init(stillAt y: Double, fps: Double, seed: UInt64, tests: AxisEstimatorTests) {
            self.fps = fps
            var generator = SeededGenerator(seed: seed)
            for _ in 0..<Int(fps) { measure(y + tests.noise(0.0003, &generator)) }
        }

        func measure(_ y: Double) {
            estimator.update(y, at: Double(frame) / fps, noise: 0.0003)
            frame += 1
        }
    }

    /// Gain (dB) and lag (s) of `heard` against a sine of `frequency` that `truth` follows, by least squares.
    func gainAndLag(_ points: [(t: Double, truth: Double, heard: Double)], frequency: Double) -> (Double, Double) {
        func fit(_ values: [Double]) -> (Double, Double) {
            let times = points.map(\.t)
            let mean = values.reduce(0, +) / Double(values.count)
            var s = 0.0, c = 0.0
            for (t, v) in zip(times, values) {
                s += (v - mean) * sin(2 * .pi * frequency * t)
                c += (v - mean) * cos(2 * .pi * frequency * t)
            }
            return ((s * s + c * c).squareRoot(), atan2(c, s))
        }
        let settled = Array(points.dropFirst(Int(rate)))
        let (heardAmplitude, heardPhase) = fit(settled.map(\.heard))
        let (truthAmplitude, truthPhase) = fit(settled.map(\.truth))
        var phase = truthPhase - heardPhase
        if phase > .pi { phase -= 2 * .pi }
        if phase < -.pi { phase += 2 * .pi }
        return (20 * log10(heardAmplitude / truthAmplitude), phase / (2 * .pi * frequency))
    }

    func testAVibratoComesOutAtItsDepthAndOnTime() {
        for frequency in [3.0, 6.0] {
            let vibrato = { (t: Double) in 0.5 + 0.021 * sin(2 * .pi * frequency * t) }
            // At the frame: the estimator's own lag.
            let (gain, lag) = gainAndLag(follow(vibrato, sigma: 0.0003, ahead: 0), frequency: frequency)
            XCTAssertEqual(gain, 0, accuracy: 1, "\(frequency) Hz at the frame")
            XCTAssertLessThan(abs(lag), 0.005, "\(frequency) Hz at the frame")
            // Predicted 12 ms ahead (the pipeline's latency): still within a dB (the path's curvature keeps the straight
            // line from raising it) and on time (the span allowed is the vibrato's own: its peaks are not cut).
            let (aheadGain, aheadLag) = gainAndLag(follow(vibrato, sigma: 0.0003, ahead: 0.012), frequency: frequency)
            XCTAssertEqual(aheadGain, 0, accuracy: 1, "\(frequency) Hz 12 ms ahead")
            XCTAssertLessThan(abs(aheadLag), 0.003, "\(frequency) Hz 12 ms ahead")
        }
    }

    func testAt30FPSAVibratoIsCarriedAWholeFrameAheadAtItsDepth() {
        // Live at 30 fps the sound is heard up to 17 ms of latency and a 33 ms frame after the frame: along the
        // swing's own curve it keeps its depth and phase (a straight line would raise 6 Hz by 4.8 dB).
        for frequency in [3.0, 6.0, 8.0] {
            let vibrato = { (t: Double) in 0.5 + 0.021 * sin(2 * .pi * frequency * t) }
            let points = follow(vibrato, sigma: 0.0003, ahead: 0.05, fps: 30)
            let (gain, lag) = gainAndLag(points, frequency: frequency)
            XCTAssertEqual(gain, 0, accuracy: 1, "\(frequency) Hz 50 ms ahead")
            XCTAssertLessThan(abs(lag), 0.005, "\(frequency) Hz 50 ms ahead")
        }
    }

    func testAStillNoisyPointStaysWithinACent() {
        // σ 0.0003 (what the tracker shows on a held hand, ~0.4 cent): the held note wavers by less than a cent,
        // predicted ahead as live play does.
        let points = follow({ _ in 0.5 }, sigma: 0.0003, ahead: 0.012).dropFirst(Int(rate))
        let rms = (points.map { ($0.heard - 0.5) * ($0.heard - 0.5) }.reduce(0, +) / Double(points.count)).squareRoot()
        XCTAssertLessThan(rms, cent, "rms \(rms / cent) cents")
        // Three times the noise (dim light): within three cents.
        let dim = follow({ _ in 0.5 }, sigma: 0.001, ahead: 0.012).dropFirst(Int(rate))
        let dimRMS = (dim.map { ($0.heard - 0.5) * ($0.heard - 0.5) }.reduce(0, +) / Double(dim.count)).squareRoot()
        XCTAssertLessThan(dimRMS, 3 * cent, "rms \(dimRMS / cent) cents")
    }

    func testALeapLandsWithoutOvershooting() {
        for (duration, size) in [(0.0, 0.2), (0.0, -0.2), (0.08, 0.2), (0.08, -0.2)] {
            // A jump between frames, or a minimum-jerk move over 80 ms, starting at 1 s.
            let leap = { (t: Double) -> Double in
                guard duration > 0 else { return t >= 1 ? 0.5 + size : 0.5 }
                let s = min(max((t - 1) / duration, 0), 1)
                return 0.5 + size * (10 * s * s * s - 15 * s * s * s * s + 6 * s * s * s * s * s)
            }
            let points = follow(leap, sigma: 0.0003, ahead: 0.012, seconds: 2)
            let target = 0.5 + size
            let after = points.filter { $0.t >= 1 }
            let overshoot = after.map { (size > 0 ? $0.heard - target : target - $0.heard) }.max() ?? 0
            XCTAssertLessThan(overshoot, 5 * cent, "leap \(size) over \(duration) s overshoots \(overshoot / cent) cents")
            let lastOff = after.last { abs($0.heard - target) > 5 * cent }?.t ?? 1
            XCTAssertLessThan(lastOff - 1 - duration, 0.05, "leap \(size) over \(duration) s settles")
        }
    }

    /// The tracker's own frames of a leap down at 30 fps (theremin --input on measure-response's clip): one frame
    /// in the middle of the move, the landing a little past where the hand comes to rest, then still.
    func testALeapsLandingStopsTheHandThere() {
        let feed = Feed(stillAt: 0.248, fps: 30, seed: 3, tests: self)
        let measure = feed.measure
        measure(0.1149)
        measure(0.0453)
        // Not heard past the landing, however far ahead the path is followed.
        for ahead in stride(from: 0.0, through: feed.estimator.horizon, by: 0.002) {
            XCTAssertGreaterThanOrEqual(feed.estimator.predicted(ahead: ahead), 0.0453 - 1e-12, "\(ahead) s ahead")
        }
        // The move's velocity does not carry on into the next frame: the hand is heard where it is.
        measure(0.0479)
        XCTAssertEqual(feed.estimator.predicted(ahead: 0), 0.0479, accuracy: 1.5 * cent)
        measure(0.0486)
        XCTAssertEqual(feed.estimator.predicted(ahead: 0), 0.0486, accuracy: 1.5 * cent)
    }

    /// The tracker's own frames of an abrupt leap at 60 fps (a fifth of the picture between two frames, followed by
    /// where the picture went): the landing, then two frames that barely move back.
    func testAnAbruptLeapIsNotHeardPastItsLanding() {
        let feed = Feed(stillAt: 0.2495, fps: 60, seed: 5, tests: self)
        let measure = feed.measure
        measure(0.04825)
        for y in [0.04854, 0.04915] {
            measure(y)
            // Put back at the margin's edge, it was heard a pixel past the landing (3 cents) for two frames.
            for ahead in stride(from: 0.0, through: feed.estimator.horizon, by: 0.002) {
                XCTAssertGreaterThanOrEqual(feed.estimator.predicted(ahead: ahead), 0.04825 - 1e-12, "\(ahead) s after \(y)")
            }
        }
    }

    func testAHandLostAndFoundAgainDoesNotSwoop() {
        var mapper = ControlMapper()
        for k in 0..<30 { _ = mapper.control(for: HandSample(t: Double(k) / rate, x: 0.8, y: 0.2, present: true)) }
        _ = mapper.control(for: .absent(at: 0.6))
        var found = HandSample(t: 0.7, x: 0.8, y: 0.9, present: true)
        found.acquired = true
        let control = mapper.control(for: found)
        XCTAssertEqual(control.frequency, mapper.pitch(y: 0.9), accuracy: 1e-9, "starts where the hand is")
        XCTAssertEqual(control.pitchSlope, 0, "and at rest: no swoop from where it left")
        // The voice jumps there too (after silence), and its path goes nowhere.
        XCTAssertEqual(control.advanced(by: 0.02).frequency, control.frequency, accuracy: 1e-9)
    }

    func testTheNoiseOfAFarHandIsLearnedInItsSize() {
        var near = TrackerNoise(), far = TrackerNoise()
        var generator = SeededGenerator(seed: 3)
        var nearSigma = 0.0, farSigma = 0.0
        // The same share of the hand's size in jitter: a hand three times smaller is three times noisier.
        for k in 0..<600 {
            let t = Double(k) / rate
            nearSigma = near.update(0.5 + noise(0.0006, &generator), at: t, handSize: 0.3)
            farSigma = far.update(0.5 + noise(0.0002, &generator), at: t, handSize: 0.1)
        }
        XCTAssertEqual(nearSigma, 0.0006, accuracy: 0.0003)
        XCTAssertEqual(farSigma / nearSigma, 1.0 / 3, accuracy: 0.15)
    }

    func testAMelodysNoteChangesAreNotTakenForNoise() {
        // Notes a third of a second long, stepping by 0.05 between them at 30 fps, with σ 0.0002 of jitter, through
        // the noise estimate and the estimator as `AxisSmoother` joins them: σ is learned only while the hand holds,
        // and the first still frames after a change (which hold its second difference) are clipped.
        var noise = TrackerNoise()
        var estimator = AxisEstimator()
        var generator = SeededGenerator(seed: 5)
        for k in 0..<900 {
            let t = Double(k) / 30
            let note = 0.3 + 0.05 * Double(Int(t * 3) % 5)
            let z = note + self.noise(0.0002, &generator)
            estimator.update(z, at: t, noise: noise.sigma(handSize: 0.15))
            noise.update(z, at: t, handSize: 0.15, learning: estimator.isHolding)
        }
        XCTAssertLessThan(noise.share * 0.15, 0.0006, "σ after 30 s of notes")
    }
}
