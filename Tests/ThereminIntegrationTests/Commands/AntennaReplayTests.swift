import XCTest
import Foundation
import ThereminAudio
import ThereminCore
import ThereminTestSupport

/// `--pitch-law antenna` end to end with the built binary: a generated trace rendered with `--replay … --output`
/// sounds the pitches of the inverse-distance formula (written out here, not taken from the code under test), the
/// height sets the loudness above the loop, a second hand plays the loop, and `--report` and `--correct` work on the
/// pitch the law gives.
final class AntennaReplayTests: BinaryTestCase {
    private let rate = 48_000.0

    /// The formula of the guide: s(d) = (1/(d + d₀) − 1/(1 + d₀)) / (1/d₀ − 1/(1 + d₀)), f = low + (high − low)·s(d),
    /// with d the distance to the rod (0 at it, 1 at the far edge).
    private func formula(distance d: Double, low: Double, high: Double, field d0: Double = 0.25) -> Double {
        let s = (1 / (d + d0) - 1 / (1 + d0)) / (1 / d0 - 1 / (1 + d0))
        return low + (high - low) * s
    }

    private func render(_ trace: String, _ options: [String]) throws -> [Float] {
        try renderReplay(trace, ["--wave", "sine", "--volume", "1"] + options)
    }

    /// One hand held still for a second at each position in turn, 30 frames a second.
    private func holds(_ positions: [(x: Double, y: Double)]) -> String {
        var text = "# theremin-trace 1\nt,x,y,present\n"
        for (index, position) in positions.enumerated() {
            for i in 0..<30 { text += "\(Double(index * 30 + i) / 30),\(position.x),\(position.y),1\n" }
        }
        return text
    }

    /// The middle of hold `index`: well after the glide into it.
    private func middle(_ audio: [Float], _ index: Int) -> ArraySlice<Float> {
        audio[Int((Double(index) + 0.4) * rate)..<Int((Double(index) + 0.9) * rate)]
    }

    func testTheHeardPitchIsTheFormulasSteeperNearTheRod() throws {
        let xs = [0.1, 0.5, 0.8, 0.95]
        let trace = scratchFile("holds.csv", holds(xs.map { ($0, 0.3) }))
        let audio = try render(trace, ["--pitch-law", "antenna", "--low", "220", "--high", "880"])
        var heard: [Double] = []
        for (index, x) in xs.enumerated() {
            let hz = SignalMeasurements.zeroCrossingFrequency(middle(audio, index), sampleRate: rate) ?? 0
            XCTAssertLessThan(abs(SignalMeasurements.cents(hz, formula(distance: 1 - x, low: 220, high: 880))), 1,
                              "x \(x): heard \(hz) Hz")
            heard.append(hz)
        }
        // 0.15 of the picture near the rod spans more than 0.4 far from it.
        XCTAssertGreaterThan(heard[3] - heard[2], heard[1] - heard[0])

        // The rod on the left: the mirrored trace sounds the same.
        let mirrored = scratchFile("mirrored.csv", holds(xs.map { (1 - $0, 0.3) }))
        let left = try render(mirrored, ["--pitch-law", "antenna", "--antenna", "left", "--low", "220", "--high", "880"])
        for index in xs.indices {
            let hz = SignalMeasurements.zeroCrossingFrequency(middle(left, index), sampleRate: rate) ?? 0
            XCTAssertLessThan(abs(SignalMeasurements.cents(hz, heard[index])), 1, "mirrored hold \(index)")
        }
    }

    func testTheHeightSetsTheLoudnessAboveTheLoopAndTheFieldSizeTheSteepness() throws {
        let trace = scratchFile("heights.csv", holds([(0.6, 0.2), (0.6, 0.6), (0.6, 0.9)]))
        let audio = try render(trace, ["--pitch-law", "antenna", "--antenna-field", "0.5"])
        for (index, y) in [0.2, 0.6, 0.9].enumerated() {
            // amplitude = 1 − s(h), h the height above the loop (1 − y), through the same field.
            let d0 = 0.5, h = 1 - y
            let amplitude = 1 - (1 / (h + d0) - 1 / (1 + d0)) / (1 / d0 - 1 / (1 + d0))
            XCTAssertEqual(SignalMeasurements.rms(middle(audio, index)), amplitude / 2.0.squareRoot(), accuracy: 0.01,
                           "y \(y)")
            let hz = SignalMeasurements.zeroCrossingFrequency(middle(audio, index), sampleRate: rate) ?? 0
            XCTAssertLessThan(abs(SignalMeasurements.cents(hz, formula(distance: 0.4, low: 220, high: 440, field: 0.5))), 1)
        }
    }

    func testWithTwoHandsTheOtherHandPlaysTheLoop() throws {
        // Pitch hand (right) at x 0.7; volume hand (left) at the zone's top, half-way down it, then at the loop.
        var text = "# theremin-trace 1\n" + TraceFormat.twoHandColumns.joined(separator: ",") + "\n"
        for i in 0..<90 {
            let y = [0.2, 0.5, 0.8][i / 30]
            text += String(format: "%.6f,0.7,0.9,1,0.9,right,0,0,0.2,%.2f,1,0.9,left,0,0\n", Double(i) / 30, y)
        }
        let audio = try render(scratchFile("two.csv", text), ["--pitch-law", "antenna", "--hands", "2"])
        let levels = (0..<3).map { SignalMeasurements.rms(middle(audio, $0)) * 2.0.squareRoot() }
        XCTAssertEqual(levels[0], 1, accuracy: 0.01, "at the zone's top: full")
        // Half-way up the zone, h = 0.5: 1 − s(0.5) with d₀ 0.25 is 5/6.
        XCTAssertEqual(levels[1], 5.0 / 6, accuracy: 0.01, "half-way: the loop's field, not the linear half")
        XCTAssertLessThan(levels[2], 0.01, "at the loop: silent")
        let hz = SignalMeasurements.zeroCrossingFrequency(middle(audio, 0), sampleRate: rate) ?? 0
        XCTAssertLessThan(abs(SignalMeasurements.cents(hz, formula(distance: 0.3, low: 220, high: 440))), 1,
                          "the pitch hand's distance to the rod, not its height")
    }

    func testTheReportAndCorrectionWorkOnTheLawsPitch() throws {
        let path = directory.appendingPathComponent("practice.csv").path
        let mapping = Mapping(law: .antenna)
        try IntonationTraces.csv(IntonationTraces.trace(IntonationTraces.practicePerformance, mapping: mapping))
            .write(toFile: path, atomically: true, encoding: .utf8)
        func notes(_ options: [String]) throws -> [(String, Double)] {
            let result = try ProcessRunner.run(binary, ["--report", path, "--json"] + options)
            XCTAssertEqual(result.status, 0, result.stderr)
            let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let notes = try XCTUnwrap(document["notes"] as? [[String: Any]])
            return notes.map { ($0["note"] as? String ?? "", $0["medianCents"] as? Double ?? .nan) }
        }
        let played = try notes(["--pitch-law", "antenna"])
        XCTAssertEqual(played.map(\.0), ["C4", "E4", "G4"])
        for ((_, cents), expected) in zip(played, [7.0, -18, 0]) { XCTAssertEqual(cents, expected, accuracy: 0.5) }
        let corrected = try notes(["--pitch-law", "antenna", "--correct", "100", "--scale", "major"])
        XCTAssertEqual(corrected.map(\.0), ["C4", "E4", "G4"])
        for (_, cents) in corrected { XCTAssertEqual(cents, 0, accuracy: 0.5, "snapped") }
        // Read by height, the same take is one held height: the report follows the law it is given.
        XCTAssertNotEqual(try notes([]).map(\.0), ["C4", "E4", "G4"])
    }

    func testTheDemoPlaysItsTuneUnderTheAntennaLaw() throws {
        let out = directory.appendingPathComponent("demo.wav").path
        let plain = directory.appendingPathComponent("plain.wav").path
        for (file, options) in [(out, ["--pitch-law", "antenna"]), (plain, [])] {
            let result = try ProcessRunner.run(binary, ["--demo", "--output", file, "--wave", "sine"] + options)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let antenna = try SoundFile.readMono(path: out), height = try SoundFile.readMono(path: plain)
        XCTAssertEqual(antenna.count, height.count)
        // The same tune: the first note sounds the same, placed sideways instead of by height.
        let a = SignalMeasurements.zeroCrossingFrequency(antenna[9_600..<19_200], sampleRate: rate) ?? 0
        let b = SignalMeasurements.zeroCrossingFrequency(height[9_600..<19_200], sampleRate: rate) ?? 0
        XCTAssertLessThan(abs(SignalMeasurements.cents(a, b)), 2)
    }
}
