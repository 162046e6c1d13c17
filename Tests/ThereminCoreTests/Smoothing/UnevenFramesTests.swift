import Foundation
import ThereminCore
import ThereminTestSupport
import XCTest

/// The control chain (smoothing and mapping) fed frames as a busy machine delivers them: dropped at random, with
/// uneven capture times, or tracked at half the camera's rate. What is heard (each control carried along its path
/// until the next reaches the sound, as the audio thread does) keeps a vibrato's depth and timing, holds a still hand
/// still and lands a leap as it does with every frame.
final class UnevenFramesTests: XCTestCase {
    /// How frames reach the tracker.
    enum Schedule: CustomStringConvertible {
        case every(fps: Double)
        /// Each frame of a 60 fps camera dropped with probability 1/`oneIn`.
        case dropped(oneIn: Int)
        /// 60 fps with each capture time moved by up to ± `jitter` seconds.
        case jittered(Double)
        /// Every second frame of a 60 fps camera.
        case halfRate

        var description: String {
            switch self {
            case .every(let fps): return "every frame at \(fps) fps"
            case .dropped(let n): return "1 in \(n) dropped"
            case .jittered(let j): return "jittered ±\(j * 1000) ms"
            case .halfRate: return "half rate"
            }
        }

        func times(seconds: Double, seed: UInt64) -> [Double] {
            var generator = SeededGenerator(seed: seed)
            switch self {
            case .every(let fps):
                return (0..<Int(seconds * fps)).map { Double($0) / fps }
            case .dropped(let n):
                return (0..<Int(seconds * 60)).compactMap { k in
                    // Never two in a row at the start, so the hand is seen at once.
                    k > 2 && Int.random(in: 0..<n, using: &generator) == 0 ? nil : Double(k) / 60
                }
            case .jittered(let jitter):
                return (0..<Int(seconds * 60)).map { Double($0) / 60 + Double.random(in: -jitter...jitter, using: &generator) }
            case .halfRate:
                return stride(from: 0, to: Int(seconds * 60), by: 2).map { Double($0) / 60 }
            }
        }
    }

    static let schedules: [Schedule] = [.every(fps: 60), .dropped(oneIn: 2), .dropped(oneIn: 3), .jittered(0.004),
                                        .halfRate]
    /// Capture to sound on a busy machine at 60 fps.
    let playback = ControlPlayback(latency: 0.02)
    let sigma = 0.0003

    /// The controls made from a hand whose height follows `path`, measured at `times` with the tracker's noise.
    func controls(_ path: (Double) -> Double, at times: [Double], seed: UInt64 = 5) -> (ControlMapper, [Control]) {
        var mapper = ControlMapper()
        var generator = SeededGenerator(seed: seed)
        var out: [Control] = []
        for t in times {
            let y = path(t) + gaussian(sigma, &generator)
            out.append(mapper.control(for: HandSample(t: t, x: 0.8, y: y, present: true)))
        }
        return (mapper, out)
    }

    func gaussian(_ sigma: Double, _ generator: inout SeededGenerator) -> Double {
        let u = max(Double.random(in: 0..<1, using: &generator), 1e-12), v = Double.random(in: 0..<1, using: &generator)
        return sigma * (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }

    func cents(_ heard: Double, _ truth: Double) -> Double { 1200 * log2(heard / truth) }

    func testAVibratoKeepsItsDepthAndTimingHoweverFramesArrive() {
        for schedule in Self.schedules {
            for rate in [3.0, 6.0] {
                let path = { (t: Double) in 0.5 + 0.021 * sin(2 * .pi * rate * t) }
                let (mapper, made) = controls(path, at: schedule.times(seconds: 4, seed: 11))
                let heard = playback.heard(made, over: 1...3.9).compactMap { point in
                    point.frequency.map { (t: point.t, value: log2($0)) }
                }
                let truth = heard.map { (t: $0.t, value: log2(mapper.pitch(y: path($0.t)))) }
                let (gain, lag) = SineFit.gainAndLag(heard: heard, truth: truth, rate: rate)
                XCTAssertEqual(gain, 0, accuracy: 1, "\(rate) Hz, \(schedule): gain \(gain) dB")
                XCTAssertLessThan(abs(lag), 0.010, "\(rate) Hz, \(schedule): lag \(lag * 1000) ms")
            }
        }
    }

    func testAStillHandStaysStillHoweverFramesArrive() {
        for schedule in Self.schedules {
            let (mapper, made) = controls({ _ in 0.5 }, at: schedule.times(seconds: 4, seed: 13))
            let truth = mapper.pitch(y: 0.5)
            let heard = playback.heard(made, over: 1...3.9).compactMap(\.frequency)
            let rms = (heard.map { cents($0, truth) * cents($0, truth) }.reduce(0, +) / Double(heard.count)).squareRoot()
            XCTAssertLessThan(rms, 1, "\(schedule): \(rms) cents rms")
        }
    }

    func testALeapLandsAsSoonAsAFrameShowsItHoweverFramesArrive() {
        for schedule in Self.schedules {
            for size in [0.2, -0.2] {
                let jump = 1.0 + 0.004
                let path = { (t: Double) in t >= jump ? 0.5 + size : 0.5 }
                let times = schedule.times(seconds: 2, seed: 17)
                let (mapper, made) = controls(path, at: times)
                guard let landing = times.first(where: { $0 >= jump }) else { return XCTFail("no frame after the jump") }
                let target = mapper.pitch(y: 0.5 + size)
                let heard = playback.heard(made, over: jump...1.8)
                let off = heard.filter { point in point.frequency.map { abs(cents($0, target)) > 5 } ?? true }
                let settled = (off.last?.t ?? jump) - landing - playback.latency
                XCTAssertLessThan(settled, 0.02, "\(size) leap, \(schedule): settles \(settled * 1000) ms after its frame")
                let overshoot = heard.compactMap(\.frequency).map { size < 0 ? cents($0, target) : -cents($0, target) }.max() ?? 0
                XCTAssertLessThan(overshoot, 10, "\(size) leap, \(schedule): overshoots \(overshoot) cents")
            }
        }
    }

    func testTheNoiseOfAGlidingHandIsLearnedHoweverFramesArrive() {
        // A hand gliding at a fifth of the picture a second, measured with σ 0.0003 (a share of 0.002 of a hand of
        // 0.15): on uneven frames a second difference holds the glide's speed times the change of interval, which is
        // not noise.
        for schedule in Self.schedules {
            var noise = TrackerNoise()
            var generator = SeededGenerator(seed: 21)
            for t in schedule.times(seconds: 20, seed: 23) {
                noise.update(0.3 + 0.2 * t + gaussian(sigma, &generator), at: t, handSize: 0.15)
            }
            XCTAssertEqual(noise.share, 0.002, accuracy: 0.0006, "\(schedule): share \(noise.share)")
        }
    }
}
