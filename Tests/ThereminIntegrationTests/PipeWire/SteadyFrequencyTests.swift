import XCTest
import ThereminTestSupport

/// The measure the PipeWire tests read the sink's pitch with (`SignalMeasurements.steadyFrequency`): a recording
/// that missed cycles (the wave spliced every few hundred samples, as a starved pw-record made it) still reads its
/// note, and a note off pitch reads off however it is spliced.
final class SteadyFrequencyTests: XCTestCase {
    /// A second of a sine at `frequency` with 128 samples cut out after every `keep` (a missed 128-frame cycle; the
    /// starved pw-record missed one in four).
    private func splicedTone(_ frequency: Double, keep: Int) -> [Float] {
        let tone = (0..<72_000).map { Float(0.5 * sin(2 * Double.pi * frequency * Double($0) / 48_000)) }
        return stride(from: 0, to: tone.count, by: keep + 128).flatMap { tone[$0..<min($0 + keep, tone.count)] }
    }

    func testASplicedNoteReadsItsPitchFromTheCleanPeriods() throws {
        let steady = SignalMeasurements.steadyFrequency(splicedTone(330, keep: 512)[...], sampleRate: 48_000)
        XCTAssertGreaterThan(steady.clean, steady.periods / 2)
        XCTAssertLessThan(steady.clean, steady.periods, "the periods across a splice are left out")
        XCTAssertEqual(SignalMeasurements.cents(try XCTUnwrap(steady.frequency), 330), 0, accuracy: 0.01)
    }

    func testANoteOffPitchReadsOffHoweverItIsSpliced() throws {
        for keep in [384, 512, 4_096, 72_000] {
            let steady = SignalMeasurements.steadyFrequency(splicedTone(331, keep: keep)[...], sampleRate: 48_000)
            XCTAssertEqual(SignalMeasurements.cents(try XCTUnwrap(steady.frequency), 330), 5.24, accuracy: 0.05,
                           "kept \(keep) samples between splices")
        }
    }
}
