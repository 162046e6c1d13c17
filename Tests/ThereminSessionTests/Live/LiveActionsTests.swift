import Foundation
import Synchronization
import XCTest
import ThereminCore
import ThereminSession
import ThereminTestSupport

/// The player's actions through the live session, from an input of actions as `--osc-in` and `--midi-in` are one:
/// done the way the keys are (the same path), written into the take before the row they apply from, and done again
/// by a replay of the take at that row, byte for byte the same every time it is rendered.
final class LiveActionsTests: XCTestCase {
    private final class NoDisplay: LiveDisplay {
        func show(_ snapshot: LiveSnapshot, status: LiveStatus) -> [LiveKey] { [] }
        func close() {}
    }

    /// Hands its actions out at the first poll after `ready`, and says so at the next (by then the session has done
    /// them).
    private final class ScriptedActions: ActionInput, @unchecked Sendable {
        let name = "scripted actions"
        private let actions: [PlayerAction]
        let ready = Atomic<Bool>(false)
        private var delivered = false
        let done = DispatchSemaphore(value: 0)
        private(set) var closed = false

        init(_ actions: [PlayerAction]) { self.actions = actions }

        func poll(into actions: inout [TimedAction], problems: inout [String]) {
            guard ready.load(ordering: .acquiring) else { return }
            if !delivered {
                delivered = true
                actions += self.actions.map { TimedAction($0, at: MonotonicClock.now(), from: "script") }
                problems.append("OSC in: OSC address /nothing from 127.0.0.1:1 is not an action; playing goes on")
            } else {
                done.signal()
            }
        }

        func close() { closed = true }
    }

    /// Plays 60 frames of a hand held at mid-height (330 Hz) with a take; the tracking of frame 10 waits until the
    /// session has done `actions`, so they apply from row 10.
    private func perform(_ actions: [PlayerAction], take path: String) throws -> (lines: [String], live: [Float],
                                                                                  input: ScriptedActions) {
        let input = ScriptedActions(actions)
        let clock = ScriptedClock(at: 1)
        let frameIndex = Mutex(0)
        let tracking = HandTrackingFunction { frame in
            clock.set(frame.captureTime)
            if frameIndex.withLock({ index -> Int in defer { index += 1 }; return index }) == 10 {
                input.ready.store(true, ordering: .releasing)
                _ = input.done.wait(timeout: .now() + 10)
            }
            return HandsFrame(HandSample(t: frame.captureTime, x: 0.7, y: 0.5, present: true))
        }
        let output = MemorySoundOutput()
        let lines = Mutex<[String]>([])
        var description = LivePerformance.Description(sound: SoundDescription(mapper: ControlMapper()),
                                                      calibration: .identity)
        description.options.report = { line in lines.withLock { $0.append(line) } }
        description.options.verbose = true
        description.take = (path, { _ in TraceMetadata() }, 1)
        var ports = LivePerformance.Ports(
            source: ScriptedFrameSource(times: (0..<60).map { 1 + Double($0) / 30 }), tracking: tracking,
            isTransient: { _ in false }, output: output, sampleRate: 48_000, backingFiles: NoBackingFiles.self,
            scheduler: nil, display: { NoDisplay() })
        ports.clock = clock
        ports.actions = { [input] }
        ports.followers = {
            var followers = LiveFollowers()
            followers.onControl = { _ in output.play(periods: 5) }
            return followers
        }
        _ = try LivePerformance(description, ports: ports).run()
        return (lines.withLock { $0 }, output.played, input)
    }

    func testActionsAreDoneLiveWrittenIntoTheTakeAndReplayedByteForByte() throws {
        let folder = try temporaryFolder(prefix: "actions")
        let path = folder.path("take.csv")
        let run = try perform([.octaveUp, .nextWaveform], take: path)
        XCTAssertTrue(run.input.closed, "the input is closed at the end")
        XCTAssertTrue(run.lines.contains { $0.contains("OSC address /nothing") }, "a problem is one line: \(run.lines)")
        XCTAssertTrue(run.lines.contains("\naction: octave-up (script)"), "\(run.lines)")

        let trace = try TraceReader.read(path: path)
        XCTAssertEqual(trace.actions, [TraceAction(row: 10, action: .octaveUp), TraceAction(row: 10, action: .nextWaveform)])

        // Heard live: the octave above the hand's 330 Hz at the end of the run.
        XCTAssertGreaterThan(run.live.count, 72_000)
        let tail = run.live[48_000..<72_000]
        let livePitch = try XCTUnwrap(SignalMeasurements.steadyFrequency(tail, sampleRate: 48_000).frequency)
        XCTAssertLessThan(abs(SignalMeasurements.cents(livePitch, 660)), 10, "live: \(livePitch) Hz")

        // The replay: 330 Hz before row 10, 660 Hz after, the same samples every render.
        let sound = SoundDescription(mapper: ControlMapper())
        let first = try RenderSetup(sound: sound, sampleRate: 48_000, files: NoBackingFiles.self)
            .performance(of: trace).renderedInMemory()
        let second = try RenderSetup(sound: sound, sampleRate: 48_000, files: NoBackingFiles.self)
            .performance(of: trace).renderedInMemory()
        XCTAssertEqual(first.left, second.left, "byte for byte")
        let row = 10 * 1_600
        let before = try XCTUnwrap(SignalMeasurements.steadyFrequency(first.left[4_800..<(row - 800)], sampleRate: 48_000,
                                                                      tolerance: 0.02).frequency)
        let after = try XCTUnwrap(SignalMeasurements.steadyFrequency(first.left[(row + 9_600)..<(row + 33_600)],
                                                                     sampleRate: 48_000, tolerance: 0.02).frequency)
        XCTAssertLessThan(abs(SignalMeasurements.cents(before, 330)), 10, "before: \(before) Hz")
        XCTAssertLessThan(abs(SignalMeasurements.cents(after, 660)), 10, "after: \(after) Hz")

        // Without its actions the same take plays on at 330 Hz: the difference is the actions'.
        var plain = trace
        plain.actions = []
        let unchanged = try RenderSetup(sound: sound, sampleRate: 48_000, files: NoBackingFiles.self)
            .performance(of: plain).renderedInMemory()
        XCTAssertNotEqual(unchanged.left, first.left)
    }
}
