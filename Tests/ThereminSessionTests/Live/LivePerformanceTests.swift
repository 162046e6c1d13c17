import Foundation
import Synchronization
import XCTest
import ThereminCore
import ThereminSession
import ThereminTestSupport

/// A whole live run through the session library with in-memory ports: the mix from the one render set-up, the take
/// opened, finished or kept, and the run's ending settled (calibration, loop file, a source's failure).
final class LivePerformanceTests: XCTestCase {
    private final class NoDisplay: LiveDisplay {
        func show(_ snapshot: LiveSnapshot, status: LiveStatus) -> [LiveKey] { [] }
        func close() {}
    }

    private struct SourceBroke: Error {}

    /// What a run said and how it ended.
    private struct Run {
        var lines: [String] = []
        var ending: LiveSession.Ending?
        var error: Error?
        var problems: [String] = []
        var played = 0
        /// What was played after the rate changed, and whether the mix was made again for it.
        var afterRateChange: [Float] = []
        var remade = false
    }

    /// Runs `frames` frames of a hand at mid-height through a performance described by `describe`.
    private func perform(frames: Int, withSound: Bool = true, failing: Bool = false,
                         followersFail: Bool = false, rateChange: (frame: Int, rate: Int)? = nil,
                         _ describe: (inout LivePerformance.Description) -> Void = { _ in }) -> Run {
        let times = (0..<frames).map { 1 + Double($0) / 30 }
        let clock = ScriptedClock(at: 1)
        let tracking = HandTrackingFunction { frame in
            clock.set(frame.captureTime)
            return HandsFrame(HandSample(t: frame.captureTime, x: 0.7, y: 0.5, present: true))
        }
        let output = MemorySoundOutput()
        let lines = Mutex<[String]>([])
        var description = LivePerformance.Description(sound: SoundDescription(mapper: ControlMapper()),
                                                      calibration: .identity)
        description.options.report = { line in lines.withLock { $0.append(line) } }
        describe(&description)
        var ports = LivePerformance.Ports(
            source: ScriptedFrameSource(times: times, failure: failing ? SourceBroke() : nil),
            tracking: tracking, isTransient: { _ in false }, output: withSound ? output : nil, sampleRate: 48_000,
            backingFiles: NoBackingFiles.self, scheduler: nil, display: { NoDisplay() })
        ports.clock = clock
        let changedAt = Mutex<(Int, Bool)?>(nil)
        let controls = Mutex(0)
        ports.followers = {
            if followersFail { throw SourceBroke() }
            var followers = LiveFollowers()
            followers.onControl = { _ in
                let count = controls.withLock { $0 += 1; return $0 }
                if let rateChange, count == rateChange.frame {
                    let remade = output.changeRate(to: rateChange.rate)
                    changedAt.withLock { $0 = (output.played.count, remade) }
                }
                output.play(periods: 5)
            }
            return followers
        }
        var performance = LivePerformance(description, ports: ports)
        var run = Run()
        let problems = Mutex<[String]>([])
        performance.problem = { error in problems.withLock { $0.append("\(error)") } }
        do {
            run.ending = try performance.run()
        } catch {
            run.error = error
        }
        run.lines = lines.withLock { $0 }
        run.problems = problems.withLock { $0 }
        run.played = output.played.count
        if let (frame, remade) = changedAt.withLock({ $0 }) {
            run.afterRateChange = Array(output.played[frame...])
            run.remade = remade
        }
        return run
    }

    func testAnOutputThatChangesRateGetsTheMixMadeAgainAndPlaysOnAtItsPitch() throws {
        let run = perform(frames: 40, rateChange: (frame: 10, rate: 44_100))
        XCTAssertNil(run.error)
        XCTAssertTrue(run.remade, "the session gives the output a way to make the mix again")
        let heard = run.afterRateChange.dropFirst(4_410).prefix(22_050)
        let pitch = try XCTUnwrap(SignalMeasurements.steadyFrequency(heard, sampleRate: 44_100).frequency,
                                  "the hand's note goes on after the change")
        XCTAssertLessThan(abs(SignalMeasurements.cents(pitch, 330)), 2, "a hand at mid-height: 330 Hz, heard \(pitch)")
    }

    func testATakeIsRecordedUnderAFreeNameAndFinished() throws {
        let folder = try temporaryFolder(prefix: "performance")
        let asked = folder.path("take.csv")
        try Data("older\n".utf8).write(to: URL(fileURLWithPath: asked))
        let journal = TakeJournal(folder: folder.path("journal"))
        let run = perform(frames: 20) {
            $0.take = (asked, { source in TraceMetadata([("source", source.name)]) }, 1)
            $0.journal = journal
        }
        XCTAssertNil(run.error)
        XCTAssertEqual(run.ending, .endOfInput)
        let path = folder.path("take-1.csv")
        XCTAssertEqual(run.lines, ["recording to \(path) (\(asked) exists)", "recorded \(path)"])
        let trace = try TraceReader.read(path: path)
        XCTAssertEqual(trace.samples.count, 20, "a row per frame")
        XCTAssertFalse(trace.interrupted)
        XCTAssertEqual(trace.metadata["source"], "scripted", "the metadata from the source as played")
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: journal.folder)) ?? [], [])
        XCTAssertGreaterThan(run.played, 20 * 1_600, "the mix played on the sound port")
    }

    func testASourceThatFailsKeepsTheTakeUpToItsLastRowAndEndsTheRun() throws {
        let folder = try temporaryFolder(prefix: "performance")
        let run = perform(frames: 12, failing: true) {
            $0.take = (folder.path("take.csv"), { _ in TraceMetadata() }, 1)
            $0.journal = TakeJournal(folder: folder.path("journal"))
        }
        XCTAssertTrue(run.error is SourceBroke, "\(String(describing: run.error))")
        XCTAssertEqual(try TraceReader.read(path: folder.path("take.csv")).samples.count, 12)
        XCTAssertEqual(run.lines, ["recorded \(folder.path("take.csv"))"], "finished before the failure is thrown")
    }

    func testAFailureBeforePlayingLeavesNoEmptyTake() throws {
        let folder = try temporaryFolder(prefix: "performance")
        let run = perform(frames: 5, followersFail: true) {
            $0.take = (folder.path("take.csv"), { _ in TraceMetadata() }, 1)
            $0.journal = TakeJournal(folder: folder.path("journal"))
        }
        XCTAssertTrue(run.error is SourceBroke)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("take.csv")), "a header alone is not kept")
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: folder.path("journal"))) ?? [], [])
    }

    func testACalibrationTheInputEndsBeforeIsIncomplete() {
        let run = perform(frames: 10, withSound: false) { $0.calibrateOnly = true }
        let expected = "calibration incomplete: the input ended before all four positions were read"
        XCTAssertEqual(run.error as? CalibrationIncomplete, CalibrationIncomplete(expected))
        XCTAssertEqual((run.error as? CalibrationIncomplete)?.failureKind, .usage)
    }

    func testWithNoLoopClosedTheLoopFileIsNotWritten() {
        let calls = Mutex<[String]>([])
        let run = perform(frames: 10) {
            $0.loopOut = { rate in
                calls.withLock { $0.append("open at \(rate)") }
                return LoopDestination(path: "loop.wav", write: { _ in calls.withLock { $0.append("write") } },
                                       discard: { calls.withLock { $0.append("discard") } })
            }
        }
        XCTAssertNil(run.error)
        XCTAssertEqual(calls.withLock { $0 }, ["open at 48000", "discard"])
        XCTAssertEqual(run.lines, ["no loop was closed (press l to record, l again to close): loop.wav not written"])
    }
}
