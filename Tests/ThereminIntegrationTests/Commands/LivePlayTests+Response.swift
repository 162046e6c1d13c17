import Foundation
import ThereminCore
import ThereminTestSupport
import XCTest

/// How much of a moving hand reaches the sound live (issue 19): a corpus hand photo swinging up and down at 3 Hz,
/// served by the fake camera at 60 fps; the paced device logs when each sample was played, the camera when each
/// frame was due, so the heard pitch is held against where the hand was when it was heard. The margins hold on a
/// loaded machine with a debug build; the tight figures are `make measure-response`'s.
extension LivePlayTests {
    func testAVibratoIsHeardAtItsDepthAndOnTimeAt60FPS() throws {
        let rate = 3.0, swing = 12.0  // Hz; pixels either way on a 480-pixel picture
        let clip = try handClip(named: "vibrato.mp4", y: "\(swing)*sin(2*PI*\(rate)*t)")
        let heard = try heardLive(clip, options: ["--fps", "60"])
        // What the machine did to the frames is no property of the program: a camera or capture thread starved by
        // other work (a debug build beside a busy machine) delivers late and irregular frames that no prediction can
        // make up. Frames that old are reported, not judged; otherwise the sound is judged against the hand, with the
        // age beyond the 24 ms the prediction covers (as the program's own --stats measured it) allowed for.
        if heard.trackedRate < 50 || heard.total.median > 0.05 {
            throw XCTSkip("the machine starved the camera or the tracker (\(heard.trackedRate) fps tracked, "
                          + "\(heard.total.median * 1000) ms from capture to speaker, \(heard.heights.count) periods "
                          + "heard); figures: make measure-response")
        }
        // Judged only once the machine kept the camera going (a starved run also hears less of it).
        XCTAssertGreaterThan(heard.heights.count, 2 * 300, "two seconds of the tone heard: \(heard.result.stderr)")
        let truth = heard.heights.map { (t: $0.t, value: swing / 480 * sin(2 * .pi * rate * $0.t)) }
        let fit = SineFit.gainAndLag(heard: heard.heights, truth: truth, rate: rate)
        let allowed = 0.025 + max(0, heard.total.median - 0.024)
        XCTAssertEqual(fit.gain, 0, accuracy: 2, "heard at its depth: \(fit.gain) dB, \(fit.lag * 1000) ms late")
        XCTAssertLessThanOrEqual(abs(fit.lag), allowed, "heard on time: \(fit.lag * 1000) ms late, \(fit.gain) dB "
                                 + "(\(heard.total.median * 1000) ms from capture to speaker)")
    }
}
