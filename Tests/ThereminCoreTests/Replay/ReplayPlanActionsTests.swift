import XCTest
import ThereminCore
import ThereminTestSupport

/// A take's player actions replayed: read from the file at the rows they were written before, done by the plan at
/// those rows (the register, the correction, the mute) and by the renderer at their samples (the waveform).
final class ReplayPlanActionsTests: XCTestCase {
    /// A hand held still at mid-height for a second at 30 fps, with `actions` before the rows given.
    private func take(_ actions: [(row: Int, text: String)]) throws -> Trace {
        var text = "# theremin-trace 1\nt,x,y,present\n"
        for row in 0..<30 {
            for action in actions where action.row == row { text += "# action: \(action.text)\n" }
            text += String(format: "%.6f,0.700000,0.500000,1\n", Double(row) / 30)
        }
        return try TraceReader.parse(bytes: Array(text.utf8), name: "take.csv")
    }

    func testActionsAreReadAtTheirRows() throws {
        let trace = try take([(0, "mute"), (10, "octave-up"), (10, "correction 25"), (20, "preset 2")])
        XCTAssertEqual(trace.actions, [TraceAction(row: 0, action: .mute), TraceAction(row: 10, action: .octaveUp),
                                       TraceAction(row: 10, action: .correction(25)),
                                       TraceAction(row: 20, action: .preset(2))])
        XCTAssertEqual(trace.samples.count, 30)
    }

    func testAnUnknownActionIsRefusedAtItsLine() {
        let text = "t,x,y,present\n0,0.5,0.5,1\n# action: jump\n0.1,0.5,0.5,1\n"
        XCTAssertThrowsError(try TraceReader.parse(bytes: Array(text.utf8), name: "take.csv")) { error in
            XCTAssertTrue("\(error)".contains("line 3"), "\(error)")
            XCTAssertTrue("\(error)".contains("'jump' is not a player action"), "\(error)")
        }
    }

    func testTheRegisterAndTheMuteChangeAtTheirRow() throws {
        let plan = ReplayPlan(trace: try take([(10, "octave-up"), (20, "mute")]), mapper: ControlMapper(),
                              sampleRate: 48_000, tail: 0.1)
        let before = plan.schedule[9].control, after = plan.schedule[10].control
        XCTAssertEqual(after.frequency / before.frequency, 2, accuracy: 0.01, "an octave up from row 10")
        XCTAssertTrue(plan.schedule[19].control.gate)
        XCTAssertFalse(plan.schedule[20].control.gate, "muted from row 20")
        XCTAssertFalse(plan.schedule[29].control.gate)
    }

    func testTheWaveformChangesAtItsRowsSample() throws {
        let plan = ReplayPlan(trace: try take([(15, "next-waveform")]), mapper: ControlMapper(), sampleRate: 48_000,
                              tail: 0.1)
        XCTAssertEqual(plan.changes, [TimedChange(sampleIndex: plan.schedule[15].sampleIndex, change: .nextWaveform)])
        let engine = SynthEngine(sampleRate: 48_000, voice: VoiceSettings(waveform: .sine))
        let renderer = ScheduledRenderer(engine: engine, schedule: plan.schedule, totalFrames: plan.totalFrames,
                                         changes: plan.changes)
        var block = [Float](repeating: 0, count: 256)
        while renderer.renderedFrames < plan.schedule[15].sampleIndex - 256 {
            block.withUnsafeMutableBufferPointer { renderer.render(into: $0.baseAddress!, frames: 256) }
        }
        XCTAssertEqual(engine.voice.waveform, .sine)
        for _ in 0..<3 { block.withUnsafeMutableBufferPointer { renderer.render(into: $0.baseAddress!, frames: 256) } }
        XCTAssertEqual(engine.voice.waveform, Waveform.sine.next)
    }

    func testATakeWrittenWithActionsReadsBackTheSame() throws {
        let folder = try temporaryFolder(prefix: "actions")
        let path = folder.path("take.csv")
        let writer = try TraceWriter(path: path, metadata: TraceMetadata([("source", "test")]))
        try writer.write(HandSample(t: 0, x: 0.5, y: 0.5, present: true))
        try writer.note(TraceFormat.actionKey, PlayerAction.correction(100.0 / 3).text)
        try writer.note(TraceFormat.actionKey, PlayerAction.takeBack.text)
        try writer.write(HandSample(t: 0.1, x: 0.5, y: 0.5, present: true))
        try writer.finish()
        let trace = try TraceReader.read(path: path)
        XCTAssertEqual(trace.actions, [TraceAction(row: 1, action: .correction(100.0 / 3)),
                                       TraceAction(row: 1, action: .takeBack)])
    }
}
