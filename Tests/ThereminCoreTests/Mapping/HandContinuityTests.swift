import Foundation
import ThereminCore
import ThereminTestSupport
import XCTest

/// A hand the tracker finds afresh near where it was a moment ago is a move of the same hand, not a new note.
final class HandContinuityTests: XCTestCase {
    func sample(_ t: Double, _ x: Double, _ y: Double, acquired: Bool = false) -> HandSample {
        HandSample(t: t, x: x, y: y, present: true, acquired: acquired)
    }

    func testTheRule() {
        var continuity = HandContinuity()
        XCTAssertFalse(continuity.carriesOn(sample(0, 0.5, 0.5)), "the first hand seen starts afresh")
        XCTAssertTrue(continuity.carriesOn(sample(1.0 / 60, 0.5, 0.7)), "a fifth of the picture in a frame")
        XCTAssertTrue(continuity.carriesOn(sample(0.1, 0.5, 0.7)), "back within 100 ms")
        XCTAssertFalse(continuity.carriesOn(sample(0.25, 0.5, 0.7)), "gone longer than the fade and the memory")
        XCTAssertFalse(continuity.carriesOn(sample(0.26, 0.1, 0.1)), "beyond a leap's reach: another hand")
        continuity.forget()
        XCTAssertFalse(continuity.carriesOn(sample(0.27, 0.1, 0.1)), "forgotten")
    }

    /// A 6 Hz vibrato whose hand the tracker misses for a frame and finds afresh: heard at its depth straight on,
    /// where restarting the smoothing lost the swing for the fit's half second.
    func testAVibratoLostForAFrameGoesOnAtItsDepth() {
        var mapper = ControlMapper()
        var controls: [Control] = []
        let path = { (t: Double) in 0.5 + 0.021 * sin(2 * .pi * 6 * t) }
        for k in 0..<180 {
            let t = Double(k) / 60
            if k == 120 {
                controls.append(mapper.control(for: .absent(at: t)))
                continue
            }
            controls.append(mapper.control(for: sample(t, 0.8, path(t), acquired: k == 121)))
        }
        let heard = ControlPlayback(latency: 0.012).heard(controls, over: 2.03...2.5).compactMap { point in
            point.frequency.map { (t: point.t, value: log2($0)) }
        }
        let truth = heard.map { (t: $0.t, value: log2(mapper.pitch(y: path($0.t)))) }
        let (gain, lag) = SineFit.gainAndLag(heard: heard, truth: truth, rate: 6)
        XCTAssertEqual(gain, 0, accuracy: 1, "gain \(gain) dB")
        XCTAssertLessThan(abs(lag), 0.01, "lag \(lag * 1000) ms")
    }

    /// The tracker's own frames of an abrupt leap it found afresh (theremin --input on measure-response's clip):
    /// heard at its landing with the frame that found it, and the measurements after followed at once.
    func testALeapFoundAfreshIsHeardWhereItLands() {
        var mapper = ControlMapper()
        var controls: [Control] = []
        var generator = SeededGenerator(seed: 9)
        for k in 0..<90 {
            controls.append(mapper.control(for: sample(Double(k) / 60, 0.281, 0.2495 + 0.0004 * (Double.random(in: 0..<1, using: &generator) - 0.5))))
        }
        for (k, y) in [0.4458, 0.4477, 0.4497, 0.4507, 0.4498].enumerated() {
            controls.append(mapper.control(for: sample(Double(90 + k) / 60, 0.281, y, acquired: k == 0)))
        }
        let landing = 1.5
        let heard = ControlPlayback(latency: 0.012).heard(controls, over: landing...(landing + 0.08))
        // From the landing frame's sound on, within 5 cents of each newest measurement.
        for point in heard where point.t >= landing + 0.012 {
            let newest = controls.last { $0.sourceTime + 0.012 <= point.t }
            let measured = [0.4458, 0.4477, 0.4497, 0.4507, 0.4498][min(4, Int(((newest?.sourceTime ?? landing) - landing) * 60 + 0.5))]
            let off = 1200 * log2((point.frequency ?? 0) / mapper.pitch(y: measured))
            XCTAssertLessThan(abs(off), 5, "\((point.t - landing) * 1000) ms after the landing frame: \(off) cents")
        }
    }
}
