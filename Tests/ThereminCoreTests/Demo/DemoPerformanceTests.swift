import XCTest
import Foundation
import ThereminCore
import ThereminTestSupport

/// The demo's tune and the hand the program generates for it.
final class DemoPerformanceTests: XCTestCase {
    func testTheScoreParsesIntoTheTune() throws {
        let tune = try DemoTune.tune()
        XCTAssertEqual(tune.events.first, Tune.Event(midi: 64, beats: 1, glide: false, vibrato: false))
        XCTAssertTrue(tune.events.contains(Tune.Event(midi: 64, beats: 1, glide: true, vibrato: false)), "glides")
        XCTAssertTrue(tune.events.contains(Tune.Event(midi: 60, beats: 2, glide: false, vibrato: true)), "vibrato")
        XCTAssertTrue(tune.events.contains { $0.midi == nil }, "rests between the phrases")
        XCTAssertEqual(tune.duration, tune.events.reduce(0) { $0 + $1.beats } * 60 / DemoTune.tempo, accuracy: 1e-9)
        let notes = tune.events.compactMap(\.midi)
        XCTAssertGreaterThanOrEqual(Note.frequency(midi: Double(notes.min() ?? 0)), 220, "inside the default range")
        XCTAssertLessThanOrEqual(Note.frequency(midi: Double(notes.max() ?? 0)), 440)
    }

    func testBadTokensAreNamed() {
        XCTAssertThrowsError(try Tune("E4 H4 G4", tempo: 90)) { XCTAssertEqual(($0 as? TuneError)?.token, "H4") }
        XCTAssertThrowsError(try Tune("E4:-1", tempo: 90)) { XCTAssertEqual(($0 as? TuneError)?.token, "E4:-1") }
        XCTAssertEqual(try Tune("/C4:2~ | r:0.5", tempo: 60).events,
                       [Tune.Event(midi: 60, beats: 2, glide: true, vibrato: true),
                        Tune.Event(midi: nil, beats: 0.5, glide: false, vibrato: false)])
    }

    func testTheDemoTraceIsWrittenAndParsedLikeARecording() throws {
        let trace = DemoPerformance.trace(try DemoTune.tune())
        let folder = try temporaryFolder(prefix: "demo")
        let path = folder.path("demo.csv")
        let writer = try TraceWriter(path: path, metadata: trace.metadata)
        for sample in trace.samples { try writer.write(sample) }
        try writer.finish()
        let read = try TraceReader.read(path: path)
        XCTAssertEqual(read.samples.count, trace.samples.count)
        XCTAssertEqual(read.metadata["source"], "theremin --demo: demo")
        for (a, b) in zip(read.samples, trace.samples) {
            XCTAssertEqual(a.present, b.present)
            XCTAssertEqual(a.t, b.t, accuracy: 1e-6)
            if b.present { XCTAssertEqual(a.y, b.y, accuracy: 1e-6) }
        }
    }

    /// What the listener hears: the hand through the replay's smoothing and mapping, in cents from `midi`.
    private func heard(_ trace: Trace, mapping: Mapping, smoothing: SmoothingSettings = .expressive,
                       from midi: Int) -> [Double] {
        var mapper = ControlMapper(mapping: mapping, smoothing: smoothing)
        return trace.samples.map { Note.midi(frequency: mapper.control(for: $0).frequency) * 100 - Double(midi) * 100 }
    }

    func testNotesSoundOnTheirPitchesUnderAnyMapping() throws {
        let tune = try Tune("C4:2 /G4:2~", tempo: 60)
        let mapping = Mapping(law: .exponential, low: 130, high: 1_000)
        let trace = DemoPerformance.trace(tune, mapping: mapping)
        // The plain C4 sounds C4 from its first frame (a hand found afresh passes the smoothing unchanged).
        XCTAssertEqual(heard(trace, mapping: mapping, from: 60)[0..<60].map(abs).max() ?? 1, 0, accuracy: 1e-6)
        // The glide starts at C4 and reaches G4; then the vibrato stays within its depth around G4.
        let g4 = heard(trace, mapping: mapping, from: 67)[60...]
        XCTAssertEqual(g4.first ?? 0, -700, accuracy: 1e-6)
        // The vibrato's depth heard within a cent of the written ±12 (±0.7 dB; the motion estimator passes a
        // vibrato at its depth, the One Euro filter took half of it).
        XCTAssertEqual(g4.dropFirst(6).map(abs).max() ?? 0, DemoPerformance.vibratoDepth, accuracy: 1)
    }

    /// The smoothed pitch follows the intended line on every frame: eighth notes arrive on time, glides keep their
    /// shape; the hand leads, moving a little further than the pitch at a step and back the frame after.
    func testTheHandLeadsTheSmoothingSoThePitchArrivesOnTime() throws {
        let tune = try Tune("E4:0.5 F4:0.5 G4:0.5 /E4:0.5", tempo: 88)
        let mapping = Mapping()
        for smoothing in [OneEuroSettings(), OneEuroSettings(minCutoff: 0.5, beta: 2, derivativeCutoff: 1)] {
            let trace = DemoPerformance.trace(tune, mapping: mapping, smoothing: .oneEuro(smoothing))
            let cents = heard(trace, mapping: mapping, smoothing: .oneEuro(smoothing), from: 0)
            for (index, (event, start)) in zip(tune.events, tune.startTimes).enumerated() {
                guard let midi = event.midi else { continue }
                // From the end of the slide into the note to its end, the note itself.
                let settled = Int(((start + DemoPerformance.slideTime) * DemoPerformance.frameRate).rounded(.up))
                let end = Int(((start + event.beats * tune.beat) * DemoPerformance.frameRate).rounded(.up))
                let glideEnd = event.glide ? Int(((start + DemoPerformance.glideTime) * DemoPerformance.frameRate).rounded(.up)) : settled
                for frame in max(settled, glideEnd)..<min(end, cents.count) {
                    XCTAssertEqual(cents[frame], Double(midi) * 100, accuracy: 0.01,
                                   "note \(index) at frame \(frame) with \(smoothing)")
                }
            }
            // Without the lead (a hand on the line itself, as led for a filter that hardly smooths), the same
            // smoothing makes the pitch arrive late: 0.13 s into the F4 eighth (frame 14) it is still cents off.
            let transparent = OneEuroSettings(minCutoff: 100, beta: 0, derivativeCutoff: 100)
            let unled = DemoPerformance.trace(tune, mapping: mapping, smoothing: .oneEuro(transparent))
            let lateCents = abs(heard(unled, mapping: mapping, smoothing: .oneEuro(smoothing), from: 65)[14])
            XCTAssertGreaterThan(lateCents, 1, "the check sees a late arrival without the lead")
        }
    }
}
