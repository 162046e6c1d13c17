import XCTest
import ThereminCore

/// The antenna law through `Mapping` and `ControlMapper`: pitch from the fingertip's distance to the rod, loudness
/// from its height above the loop, the playing box read along those axes, the two-hand volume loop, note lines
/// upright where the notes fall, and the guided calibration's readings.
final class AntennaMappingTests: XCTestCase {
    private let antenna = Mapping(law: .antenna, low: 220, high: 880)

    /// Smoothing wide open, so each frame's values show through exactly.
    private func mapper(_ mapping: Mapping, calibration: Calibration = .identity, hands: HandMode = .one) -> ControlMapper {
        ControlMapper(mapping: mapping, smoothing: OneEuroSettings(minCutoff: 100, beta: 1000), calibration: calibration,
                      handMode: hands)
    }

    private func played(_ mapper: ControlMapper, x: Double, y: Double) -> Control {
        var fresh = mapper
        return fresh.control(for: HandSample(t: 0, x: x, y: y, present: true))
    }

    func testAFingertipNearingTheRodRisesEverMoreSteeplyWithinTheRange() {
        let mapper = mapper(antenna)
        XCTAssertEqual(played(mapper, x: 0, y: 0.5).frequency, 220, accuracy: 1e-9, "far edge: --low")
        XCTAssertEqual(played(mapper, x: 1, y: 0.5).frequency, 880, accuracy: 1e-9, "at the rod: --high")
        XCTAssertEqual(played(mapper, x: -0.2, y: 0.5).frequency, 220, accuracy: 1e-9, "beyond the far edge: clamped")
        XCTAssertEqual(played(mapper, x: 0.5, y: 0.5).frequency, 330, accuracy: 1e-9, "halfway: 220 + 660/6 with d0 0.25")
        var previous = played(mapper, x: 0, y: 0.5).frequency, previousStep = 0.0
        for i in 1...20 {
            let f = played(mapper, x: Double(i) / 20, y: 0.5).frequency
            XCTAssertGreaterThan(f - previous, previousStep, "a steeper rise each step nearer the rod, at x \(Double(i) / 20)")
            (previous, previousStep) = (f, f - previous)
        }
        // The height does not move the pitch; it sets the loudness, quieter lower down, as above a volume loop.
        XCTAssertEqual(played(mapper, x: 0.7, y: 0.1).frequency, played(mapper, x: 0.7, y: 0.9).frequency, accuracy: 1e-9)
        XCTAssertEqual(played(mapper, x: 0.7, y: 1).amplitude, 0, accuracy: 1e-12, "at the loop: silent")
        XCTAssertEqual(played(mapper, x: 0.7, y: 0).amplitude, 1, accuracy: 1e-12, "at the top: full")
        XCTAssertLessThan(played(mapper, x: 0.7, y: 0.6).amplitude, played(mapper, x: 0.7, y: 0.4).amplitude)
        XCTAssertEqual(played(mapper, x: 0.7, y: 0.5).amplitude, 1 - AntennaField().strength(distance: 0.5), accuracy: 1e-12)
    }

    func testTheRodOnTheLeftMirrorsIt() {
        let left = mapper(Mapping(law: .antenna, low: 220, high: 880, antenna: AntennaField(side: .left)))
        XCTAssertEqual(played(left, x: 0, y: 0.5).frequency, 880, accuracy: 1e-9)
        XCTAssertEqual(played(left, x: 1, y: 0.5).frequency, 220, accuracy: 1e-9)
        XCTAssertEqual(played(left, x: 0.3, y: 0.5).frequency, played(mapper(antenna), x: 0.7, y: 0.5).frequency, accuracy: 1e-9)
    }

    func testPitchCorrectionAndTheOctaveShapeThePitchTheLawGives() {
        var corrected = mapper(antenna)
        corrected.correction = PitchCorrection(scale: .major, root: 0, amount: 100)
        corrected.octave = -1
        for i in 0...40 {
            let x = Double(i) / 40
            let law = antenna.frequency(y: 1 - x)
            let midi = Note.midi(frequency: played(corrected, x: x, y: 0.5).frequency)
            XCTAssertEqual(midi, midi.rounded(), accuracy: 1e-6, "snapped to a note at x \(x)")
            XCTAssertTrue(Scale.major.contains(midi: Int(midi.rounded()), root: 0), "a C major note at x \(x)")
            XCTAssertLessThanOrEqual(abs(midi + 12 - Note.midi(frequency: law)), 1.0 + 1e-9, "the law's pitch, an octave down, at x \(x)")
        }
    }

    func testTheCalibratedBoxIsReadSidewaysWhicheverWayItsVolumeRan() {
        let box = Calibration(pitchTop: 0.2, pitchBottom: 0.8, volumeQuiet: 0.3, volumeLoud: 0.9)
        let reversed = Calibration(pitchTop: 0.2, pitchBottom: 0.8, volumeQuiet: 0.9, volumeLoud: 0.3)
        for calibration in [box, reversed] {
            let mapper = mapper(antenna, calibration: calibration)
            XCTAssertEqual(played(mapper, x: 0.9, y: 0.5).frequency, 880, accuracy: 1e-9, "the box's edge nearer the rod: --high")
            XCTAssertEqual(played(mapper, x: 0.3, y: 0.5).frequency, 220, accuracy: 1e-9, "its far edge: --low")
            XCTAssertEqual(played(mapper, x: 0.6, y: 0.8).amplitude, 0, accuracy: 1e-12, "its bottom: the loop")
            XCTAssertEqual(played(mapper, x: 0.6, y: 0.2).amplitude, 1, accuracy: 1e-12, "its top: full")
            // And back: the camera position of the law's coordinates plays them.
            let camera = antenna.cameraPosition(pitch: 0.37, loudness: 0.6, in: calibration)
            let back = antenna.position(x: camera.x, y: camera.y, in: calibration)
            XCTAssertEqual(back.y, 0.37, accuracy: 1e-12)
            XCTAssertEqual(back.x, 0.6, accuracy: 1e-12)
        }
    }

    func testWithTwoHandsTheOtherHandPlaysAboveAVolumeLoop() {
        let zone = TwoHandSettings(volumeTop: 0.2, volumeBottom: 0.8, loop: AntennaField())
        XCTAssertEqual(zone.volume(y: 0.8) ?? -1, 0, accuracy: 1e-12, "at the loop: silent")
        XCTAssertEqual(zone.volume(y: 0.2) ?? -1, 1, accuracy: 1e-12, "at the zone's top: full")
        XCTAssertNil(zone.volume(y: 0.85), "below the loop mutes, as below the zone")
        // Nearer the loop is quieter, and the swell is steepest just above it: the lowest tenth of the zone gives
        // more than the linear zone's tenth.
        let linear = TwoHandSettings(volumeTop: 0.2, volumeBottom: 0.8)
        XCTAssertGreaterThan(zone.volume(y: 0.74) ?? 0, 2 * (linear.volume(y: 0.74) ?? 1))
        var last = 0.0
        for i in 1...30 {
            let volume = zone.volume(y: 0.8 - 0.6 * Double(i) / 30) ?? -1
            XCTAssertGreaterThan(volume, last, "louder further above the loop")
            last = volume
        }

        var mapper = mapper(antenna, hands: .two(zone))
        let pitchHand = HandSample(t: 0, x: 0.75, y: 0.9, present: true, handedness: .right)
        let volumeHand = HandSample(t: 0, x: 0.2, y: 0.5, present: true, handedness: .left)
        let control = mapper.control(for: HandsFrame(t: 0, hands: [volumeHand, pitchHand]))
        XCTAssertTrue(control.gate)
        XCTAssertEqual(control.frequency, antenna.antenna.frequency(x: 0.75, low: 220, high: 880), accuracy: 1e-9,
                       "the pitch hand's distance to the rod, not its height")
        XCTAssertEqual(control.amplitude, zone.volume(y: 0.5) ?? -1, accuracy: 1e-12, "the volume hand above the loop")
        let low = mapper.control(for: HandsFrame(t: 1, hands: [HandSample(t: 1, x: 0.2, y: 0.79, present: true, handedness: .left),
                                                               HandSample(t: 1, x: 0.75, y: 0.1, present: true, handedness: .right)]))
        XCTAssertLessThan(low.amplitude, control.amplitude, "nearer the loop: quieter")
        XCTAssertEqual(low.frequency, control.frequency, accuracy: 1e-9, "the pitch hand's height changes nothing")
    }

    func testNoteLinesStandUprightWhereEachNoteIsPlayed() {
        let box = Calibration(pitchTop: 0.1, pitchBottom: 0.9, volumeQuiet: 0.2, volumeLoud: 0.95)
        let lines = antenna.noteLines(calibration: box)
        XCTAssertEqual(lines.count, 25, "A3 to A5")
        XCTAssertTrue(lines.allSatisfy(\.isVertical))
        XCTAssertEqual(lines.first?.position ?? -1, 0.2, accuracy: 1e-9, "A3 at the box's far edge")
        XCTAssertEqual(lines.last?.position ?? -1, 0.95, accuracy: 1e-9, "A5 at its edge nearest the rod")
        let mapper = mapper(antenna, calibration: box)
        for line in lines {
            XCTAssertEqual(played(mapper, x: line.position, y: 0.5).frequency, line.frequency,
                           accuracy: line.frequency * 1e-9, "a finger on \(line.name)'s line plays it")
        }
        // The notes crowd together towards the rod: each semitone narrower than the one below it.
        let gaps = zip(lines, lines.dropFirst()).map { $1.position - $0.position }
        for (lower, upper) in zip(gaps, gaps.dropFirst()) { XCTAssertLessThan(upper, lower) }
        // The height laws keep horizontal lines.
        XCTAssertFalse(Mapping().noteLines().contains(where: \.isVertical))
        let left = Mapping(law: .antenna, low: 220, high: 880, antenna: AntennaField(side: .left)).noteLines()
        XCTAssertEqual(left.last?.position ?? -1, 0, accuracy: 1e-9, "rod on the left: the top note at the left edge")
    }

    func testTheGuidedCalibrationReadsPitchSidewaysAndVolumeByHeight() {
        var guided = GuidedCalibration(countdownSeconds: 0.1, measureSeconds: 0.2, antenna: .right)
        // Highest note near the rod (x 0.9), lowest far (x 0.3), loudest high (y 0.25), quietest low (y 0.85); the
        // other coordinate wanders, as it may.
        let positions: [(x: Double, y: Double)] = [(0.9, 0.6), (0.3, 0.4), (0.5, 0.25), (0.7, 0.85)]
        var status = guided.status
        var t = 0.0
        for position in positions {
            for _ in 0..<12 {
                status = guided.feed(HandSample(t: t, x: position.x, y: position.y, present: true))
                t += 1.0 / 30
            }
        }
        guard case .done(let box) = status.phase else { return XCTFail("not done: \(status.phase)") }
        XCTAssertEqual(box, Calibration(pitchTop: 0.25, pitchBottom: 0.85, volumeQuiet: 0.3, volumeLoud: 0.9))
        XCTAssertEqual(status.antenna, .right)
        XCTAssertTrue(status.instruction.contains("HIGHEST") || status.target != .highestPitch)

        let wrongWay = Calibration.antenna(side: .right, highestPitch: 0.3, lowestPitch: 0.9, loudest: 0.25, quietest: 0.85)
        XCTAssertEqual(wrongWay.problems.count, 1)
        XCTAssertTrue(wrongWay.problems.first?.contains("nearer the antenna") ?? false, "\(wrongWay.problems)")
        let upsideDown = Calibration.antenna(side: .left, highestPitch: 0.1, lowestPitch: 0.7, loudest: 0.85, quietest: 0.25)
        XCTAssertEqual(upsideDown.problems.count, 1)
        XCTAssertTrue(upsideDown.problems.first?.contains("loudest") ?? false, "\(upsideDown.problems)")
        XCTAssertEqual(Calibration.antenna(side: .left, highestPitch: 0.1, lowestPitch: 0.7, loudest: 0.25,
                                           quietest: 0.85).problems, [])
    }
}
