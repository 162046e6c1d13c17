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

    func testNotesSitOnTheirHeightsUnderAnyMapping() throws {
        let tune = try Tune("C4:2 /G4:2~", tempo: 60)
        let mapping = Mapping(law: .exponential, low: 130, high: 1_000)
        let trace = DemoPerformance.trace(tune, mapping: mapping)
        // Half-way into the plain C4, the hand is where the mapping plays C4.
        let c4 = trace.samples[30]
        XCTAssertEqual(mapping.frequency(y: c4.y), Note.frequency(midi: 60), accuracy: 1e-9)
        // The glide starts at C4 and reaches G4; then the vibrato stays within its depth around G4.
        let g4 = trace.samples[60...].map { Note.midi(frequency: mapping.frequency(y: $0.y)) * 100 - 6_700 }
        XCTAssertEqual(g4.first ?? 0, -700, accuracy: 1e-6)
        XCTAssertEqual(g4.dropFirst(6).map(abs).max() ?? 0, DemoPerformance.vibratoDepth, accuracy: 0.5)
    }
}
