import XCTest
import ThereminCore
import ThereminSession
import ThereminTestSupport

/// `--tuner`'s loop on an in-memory sound input: it reads the note played, stops at its duration or when asked,
/// and says nothing before a window of sound has been heard.
final class TunerListeningTests: XCTestCase {
    func testItReadsTheNotePlayedForItsDuration() throws {
        let input = MemorySoundInput(Tones.sine(440, amplitude: 0.5, count: 48_000, rate: 48_000))
        var readings: [(frequency: Double?, heard: Int)] = []
        var listening = TunerListening(duration: 0.5)
        listening.show = { readings.append(($0?.frequency, $1)) }
        let heard = try listening.run(on: input)
        XCTAssertGreaterThanOrEqual(heard, 24_000, "half a second")
        XCTAssertLessThan(heard, 24_000 + 1_024, "and not a period more")
        XCTAssertGreaterThanOrEqual(readings.first?.heard ?? 0, 4_800, "a reading needs a tenth of a second")
        XCTAssertGreaterThan(readings.count, 10)
        for reading in readings {
            XCTAssertEqual(reading.frequency ?? 0, 440, accuracy: 1)
        }
    }

    func testAStopRequestEndsItAndSilenceHasNoPitch() throws {
        let input = MemorySoundInput([])
        var shown = 0
        var listening = TunerListening()
        listening.show = { reading, _ in
            XCTAssertNil(reading, "silence has no pitch")
            shown += 1
        }
        listening.stopRequested = { shown >= 3 }
        // The first reading once 4,800 frames (a tenth of a second) are heard: after five periods; the third, two later.
        XCTAssertEqual(try listening.run(on: input), 7 * 1_024, "stopped after the third reading")
    }
}
