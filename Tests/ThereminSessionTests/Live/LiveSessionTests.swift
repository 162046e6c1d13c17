import Foundation
import XCTest
import ThereminCore
import ThereminSession
import ThereminTestSupport

/// A whole live session in process, without the command line, a camera or a sound card: scripted frames, a
/// scripted tracker, no output device, and a display that records what it was shown and presses keys.
final class LiveSessionTests: XCTestCase {
    /// A display that presses the given keys on its first frames and remembers every status it was shown.
    private final class ScriptedDisplay: LiveDisplay {
        var keys: [[LiveKey]]
        var shown: [LiveStatus] = []
        var closed = false

        init(keys: [[LiveKey]] = []) { self.keys = keys }

        func show(_ snapshot: LiveSnapshot, status: LiveStatus) -> [LiveKey] {
            shown.append(status)
            return keys.isEmpty ? [] : keys.removeFirst()
        }

        func close() { closed = true }
    }

    /// A session over `frames` scripted frames; with `endless` the source then waits until closed, so only a key or a
    /// signal ends the session, however the machine schedules its threads.
    private func session(frames: Int, endless: Bool = false, display: LiveDisplay, options: LiveSession.Options,
                         sound: SoundDescription = SoundDescription(mapper: ControlMapper()), looper: Looper? = nil)
        -> (LiveSession, LiveRenderer, TrackingLoop) {
        let renderer = LiveRenderer(engine: sound.makeEngine(sampleRate: 48_000))
        let hand = HandTrackingFunction { frame in
            HandsFrame(HandSample(t: frame.captureTime, x: 0.7, y: 0.3, present: true))
        }
        let loop = TrackingLoop(source: ScriptedFrameSource(count: frames, holdOpen: endless), tracker: hand,
                                isTransient: { _ in false }, mapper: sound.mapper, renderer: renderer, recorder: nil)
        let session = LiveSession(loop: loop, renderer: renderer, mixer: StereoMixer(source: renderer, looper: looper),
                                  output: nil, display: display, sound: sound, options: options)
        return (session, renderer, loop)
    }

    func testTheMinuteLineGivesThatMinutesMedianAndP95() {
        var minute = LatencyStats()
        for index in 0..<100 { minute.add(.total, 0.010 + 0.0001 * Double(index)) }
        let line = LiveSession.minuteLine(3, minute)
        // Values from 10.0 to 19.9 ms: the median about 15, the 95th percentile about 19.5, in milliseconds.
        let numbers = line.split(whereSeparator: { $0 == " " }).compactMap { Double($0) }
        XCTAssertTrue(line.hasPrefix("minute 3: camera to speaker "), line)
        XCTAssertEqual(numbers.count, 3, line)
        XCTAssertEqual(numbers.first ?? 0, 15, accuracy: 0.2, line)
        XCTAssertEqual(numbers.dropFirst().first ?? 0, 19.5, accuracy: 0.3, line)
        XCTAssertTrue(line.hasSuffix("ms median / p95 over 100 frames"), line)
        XCTAssertEqual(LiveSession.minuteLine(1, LatencyStats()), "minute 1: no sound measured")
    }

    func testASessionRunsToTheEndOfItsInputAndReports() throws {
        let display = ScriptedDisplay()
        var lines: [String] = []
        var options = LiveSession.Options()
        options.printStats = true
        options.report = { lines.append($0) }
        let (session, _, _) = session(frames: 12, display: display, options: options)
        XCTAssertEqual(try session.run(), .endOfInput)
        XCTAssertEqual(session.stats.trackedFrames, 12, "every frame counted, even when the input ends at once")
        XCTAssertTrue(display.closed, "the display is closed on the way out")
        XCTAssertEqual(lines.count, 1, "the statistics, once, through the front end's report: \(lines)")
        XCTAssertTrue(lines.first?.contains("12") ?? false, lines.first ?? "")
    }

    func testKeysMuteAndQuitThroughTheFrontEnd() throws {
        let display = ScriptedDisplay(keys: [[.mute], [], [.quit]])
        var remembered: [Bool] = []
        var options = LiveSession.Options()
        options.rememberMute = { remembered.append($0); return nil }
        var sound = SoundDescription(mapper: ControlMapper())
        sound.voice.waveform = .saw
        let (session, renderer, loop) = session(frames: 30, endless: true, display: display, options: options, sound: sound)
        XCTAssertEqual(try session.run(), .quit)
        XCTAssertEqual(display.shown.first?.waveform, .saw, "the display shows the sound described")
        XCTAssertEqual(remembered, [true], "the mute key is remembered by the front end")
        XCTAssertTrue(renderer.isMuted)
        XCTAssertTrue(display.shown.last?.muted ?? false)
        XCTAssertTrue(loop.hasEnded, "quitting stops the tracking thread")
    }

    /// The looper's keys reach the looper (as commands for the audio thread, which no device runs here: a block
    /// rendered afterwards applies them), and the display is shown its state.
    func testTheLooperKeysReachTheLooperAndItsStateIsShown() throws {
        let looper = Looper(sampleRate: 48_000, maximumSeconds: 1, maximumLayers: 2)
        let display = ScriptedDisplay(keys: [[.loop], [], [.quit]])
        let (played, _, _) = session(frames: 30, endless: true, display: display, options: LiveSession.Options(), looper: looper)
        XCTAssertEqual(try played.run(), .quit)
        XCTAssertEqual(display.shown.first?.loop, LoopStatus(), "an empty looper is shown as such")
        var left = [Float](repeating: 0, count: 240), right = left
        looper.kernel.process(left: &left, right: &right, frames: 240)
        XCTAssertEqual(looper.status.state, .recording, "l started the first layer")
        let (withoutLooper, _, _) = session(frames: 30, endless: true, display: ScriptedDisplay(keys: [[.loop, .undoLayer, .clearLoop], [.quit]]),
                                            options: LiveSession.Options())
        XCTAssertEqual(try withoutLooper.run(), .quit, "the looper's keys do nothing without a looper")
    }

    func testAStopRequestEndsTheSessionWithItsSignal() throws {
        var options = LiveSession.Options()
        options.stopRequest = { SIGTERM }
        options.startMuted = true
        var lines: [String] = []
        options.report = { lines.append($0) }
        let (session, renderer, _) = session(frames: 30, endless: true, display: ScriptedDisplay(), options: options)
        XCTAssertEqual(try session.run(), .signal(SIGTERM))
        XCTAssertTrue(renderer.isMuted, "muted since the last run")
        XCTAssertEqual(lines, ["muted since the last run: press m to unmute"])
    }
}
