import XCTest
import ThereminCore

/// Two-hand play from synthetic landmark sets: roles, fists, the volume zone, and two-hand traces.
final class TwoHandTests: XCTestCase {
    /// 21 MediaPipe landmarks of an upright hand whose wrist is at (x, y); `closed` curls the four fingers into the
    /// palm. The palm is 0.15 long, the fingers about 0.2.
    static func landmarks(x: Double, y: Double, closed: Bool) -> [NormalizedPoint] {
        var points = [NormalizedPoint](repeating: NormalizedPoint(x: x, y: y), count: 21)
        let baseY = y - 0.15
        // Thumb (1–4) out to the side.
        for joint in 1...4 { points[joint] = NormalizedPoint(x: x - 0.03 * Double(joint), y: y - 0.03 * Double(joint)) }
        for (finger, offset) in [(5, -0.045), (9, -0.015), (13, 0.015), (17, 0.045)] {
            points[finger] = NormalizedPoint(x: x + offset, y: baseY)
            for joint in 1...3 {
                if closed {
                    // Folded over: the joints come back down towards the palm.
                    let drops = [0.0, 0.03, 0.05, 0.07]
                    points[finger + joint] = NormalizedPoint(x: x + offset * 0.8, y: baseY - 0.03 + drops[joint])
                } else {
                    points[finger + joint] = NormalizedPoint(x: x + offset * 1.1, y: baseY - 0.07 * Double(joint))
                }
            }
        }
        return points
    }

    private func hand(_ x: Double, _ y: Double, _ side: Handedness? = nil, closed: Bool = false, t: Double = 0) -> HandSample {
        HandSample(t: t, x: x, y: y - 0.36, present: true, handedness: side,
                   landmarks: TwoHandTests.landmarks(x: x, y: y, closed: closed))
    }

    func testClosedFistFromLandmarks() {
        XCTAssertEqual(HandPose.isClosedFist(TwoHandTests.landmarks(x: 0.3, y: 0.8, closed: false)), false)
        XCTAssertEqual(HandPose.isClosedFist(TwoHandTests.landmarks(x: 0.3, y: 0.8, closed: true)), true)
        XCTAssertNil(HandPose.isClosedFist([]), "no landmarks, no verdict")
        // Three fingers curled and the index pointing still counts as closed; two curled does not.
        var three = TwoHandTests.landmarks(x: 0.5, y: 0.5, closed: true)
        let open = TwoHandTests.landmarks(x: 0.5, y: 0.5, closed: false)
        for joint in 6...8 { three[joint] = open[joint] }
        XCTAssertEqual(HandPose.isClosedFist(three), true)
        var two = three
        for joint in 10...12 { two[joint] = open[joint] }
        XCTAssertEqual(HandPose.isClosedFist(two), false)
        XCTAssertTrue(HandPose.isClosedFist(HandSample(t: 0, x: 0.5, y: 0.5, present: true, closedFist: true)),
                      "a trace's closed column counts when there are no landmarks")
    }

    func testRolesFromHandednessWithPositionAsFallback() {
        let leftSide = hand(0.2, 0.8, .left), rightSide = hand(0.8, 0.8, .right)
        var roles = HandRoles.assign([leftSide, rightSide], leftHanded: false)
        XCTAssertEqual(roles.pitch, rightSide, "right hand plays pitch")
        XCTAssertEqual(roles.volume, leftSide)
        roles = HandRoles.assign([leftSide, rightSide], leftHanded: true)
        XCTAssertEqual(roles.pitch, leftSide, "--left-handed swaps")
        XCTAssertEqual(roles.volume, rightSide)

        // The model's word beats position: hands crossed over.
        let crossedRight = hand(0.3, 0.8, .right), crossedLeft = hand(0.7, 0.8, .left)
        roles = HandRoles.assign([crossedLeft, crossedRight], leftHanded: false)
        XCTAssertEqual(roles.pitch, crossedRight)
        // Unknown or contradictory handedness: the hand further right is the right hand.
        let a = hand(0.25, 0.8), b = hand(0.65, 0.8)
        XCTAssertEqual(HandRoles.assign([b, a], leftHanded: false), HandRoles(pitch: b, volume: a))
        let both = [hand(0.25, 0.8, .right), hand(0.65, 0.8, .right)]
        XCTAssertEqual(HandRoles.assign(both, leftHanded: false).pitch, both[1])
        // A lone hand: its handedness, else the half it is in.
        XCTAssertEqual(HandRoles.assign([hand(0.2, 0.8, .right)], leftHanded: false).pitch?.x, 0.2)
        XCTAssertNil(HandRoles.assign([hand(0.2, 0.8)], leftHanded: false).pitch)
        XCTAssertEqual(HandRoles.assign([hand(0.2, 0.8)], leftHanded: false).volume?.x, 0.2)
        XCTAssertEqual(HandRoles.assign([.absent(at: 0)], leftHanded: false), HandRoles(pitch: nil, volume: nil))
    }

    func testVolumeFromTheVolumeHandsHeightAndMutes() {
        let settings = TwoHandSettings(volumeTop: 0.2, volumeBottom: 0.8)
        XCTAssertEqual(settings.volume(y: 0.1), 1)
        XCTAssertEqual(settings.volume(y: 0.5) ?? -1, 0.5, accuracy: 1e-12, "higher is louder")
        XCTAssertEqual(settings.volume(y: 0.8), 0)
        XCTAssertNil(settings.volume(y: 0.81), "below the zone mutes")

        // Smoothing wide open, so each frame's values show through exactly.
        var mapper = ControlMapper(smoothing: OneEuroSettings(minCutoff: 100, beta: 1000), handMode: .two(settings))
        let pitchHand = HandSample(t: 0, x: 0.8, y: 0.0, present: true, handedness: .right)
        var volumeHand = HandSample(t: 0, x: 0.2, y: 0.5, present: true, handedness: .left)
        var control = mapper.control(for: HandsFrame(t: 0, hands: [volumeHand, pitchHand]))
        XCTAssertTrue(control.gate)
        XCTAssertEqual(control.frequency, 440, "the pitch hand's height: top = 440 Hz")
        XCTAssertEqual(control.amplitude, 0.5, accuracy: 1e-12, "the volume hand's height, not x")

        volumeHand.t = 1
        volumeHand.landmarks = TwoHandTests.landmarks(x: 0.2, y: 0.86, closed: true)
        control = mapper.control(for: HandsFrame(t: 1, hands: [volumeHand, HandSample(t: 1, x: 0.8, y: 1, present: true, handedness: .right)]))
        XCTAssertFalse(control.gate, "a closed fist mutes")
        XCTAssertEqual(control.frequency, 220, accuracy: 1, "the pitch still follows while muted")

        control = mapper.control(for: HandsFrame(t: 2, hands: [HandSample(t: 2, x: 0.8, y: 0, present: true, handedness: .right)]))
        XCTAssertFalse(control.gate, "no volume hand: silent")
        control = mapper.control(for: HandsFrame(t: 3, hands: [HandSample(t: 3, x: 0.2, y: 0.3, present: true, handedness: .left)]))
        XCTAssertFalse(control.gate, "no pitch hand: silent")
        // One-hand mode is unchanged by frames: the first present hand, x for volume.
        var single = ControlMapper()
        control = single.control(for: HandsFrame(t: 0, hands: [.absent(at: 0), HandSample(t: 0, x: 0.3, y: 1, present: true)]))
        XCTAssertEqual(control.amplitude, 0.3, accuracy: 1e-12)
        XCTAssertEqual(control.frequency, 220)
    }

    func testTwoHandTraceRoundTripAndOneHandReadersIgnoreTheExtraColumns() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("two-\(UUID().uuidString).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try TraceWriter(path: path, metadata: TraceMetadata([("source", "test")]), hands: 2)
        let right = HandSample(t: 0.5, x: 0.75, y: 0.25, present: true, confidence: 0.9, handedness: .right)
        var left = HandSample(t: 0.5, x: 0.25, y: 0.5, present: true, confidence: 0.8, handedness: .left,
                              landmarks: TwoHandTests.landmarks(x: 0.25, y: 0.9, closed: true))
        try writer.write(HandsFrame(t: 0.5, hands: [right, left]))
        try writer.write(HandsFrame(t: 0.6, hands: [HandSample(t: 0.6, x: 0.5, y: 0.5, present: true)]))
        try writer.finish()

        let trace = try TraceReader.read(path: path)
        XCTAssertEqual(trace.samples.count, 2)
        XCTAssertEqual(trace.secondHand?.count, 2)
        let frames = trace.frames
        XCTAssertEqual(frames[0].hands[0], HandSample(t: 0.5, x: 0.75, y: 0.25, present: true, confidence: 0.9,
                                                      handedness: .right, closedFist: false))
        left.landmarks = []
        left.closedFist = true
        XCTAssertEqual(frames[0].hands[1], left, "the fist survives the trace as the closed column")
        XCTAssertFalse(frames[1].hands[1].present)
        XCTAssertNil(frames[1].hands[0].handedness)

        // A one-hand reader's view: the same first hand, whatever the extra columns.
        let text = "t,x,y,present,x2,y2,present2\n0,0.5,0.5,1,,,0\n0.1,0.5,0.4,1,0.2,0.3,1\n"
        let parsed = try TraceReader.parse(bytes: Array(text.utf8), name: "mem")
        XCTAssertEqual(parsed.samples.map(\.y), [0.5, 0.4])
        XCTAssertEqual(parsed.secondHand?.map(\.present), [false, true])
        XCTAssertThrowsError(try TraceReader.parse(bytes: Array("t,x,y,present,hand\n0,0.5,0.5,1,middle\n".utf8), name: "m")) {
            XCTAssertTrue("\($0)".contains("line 2: hand is `middle`"), "\($0)")
        }
    }
}
