import XCTest
import ThereminCore

/// The address space as documented: the sound first, then each hand seen; HOST:PORT parsing.
final class OSCAddressSpaceTests: XCTestCase {
    func testTheMessagesFollowTheDocumentedOrderAndValues() {
        let control = Control(frequency: Note.frequency(midi: 60.25), amplitude: 0.8, gate: false)
        let first = HandSample(t: 0, x: 0.1, y: 0.2, present: true, confidence: 0.9)
        let absent = HandSample.absent(at: 0)
        let second = HandSample(t: 0, x: 0.3, y: 0.4, present: true, handedness: .left)
        let messages = OSCAddressSpace.messages(control: control, hands: HandsFrame(t: 0, hands: [first, absent, second]))
        XCTAssertEqual(messages.map(\.address), ["/theremin/pitch", "/theremin/note", "/theremin/level", "/theremin/gate",
                                                 "/theremin/hands", "/theremin/hand/1/tip", "/theremin/hand/2/tip",
                                                 "/theremin/hand/2/side"])
        guard case .int(let note) = messages[1].arguments[0], case .float(let cents) = messages[1].arguments[1] else {
            return XCTFail("note is i f: \(messages[1])")
        }
        XCTAssertEqual(note, 60)
        XCTAssertEqual(Double(cents), 25, accuracy: 0.01)
        // The gate is shut: the level says silence whatever the volume hand's amplitude.
        XCTAssertEqual(messages[2].arguments, [.float(0)])
        XCTAssertEqual(messages[3].arguments, [.int(0)])
        XCTAssertEqual(messages[4].arguments, [.int(2)])
        // No landmarks, no depth: z is 0, and the tip keeps its four values.
        XCTAssertEqual(messages[5].arguments, [.float(0.1), .float(0.2), .float(0), .float(0.9)])
        XCTAssertEqual(messages[7].arguments, [.string("left")])
    }

    func testTheTipAndLandmarksCarryTheLandmarkModelsDepth() {
        let landmarks = (0..<21).map { NormalizedPoint(x: Double($0) / 32, y: 0.5, z: -Double($0) / 64) }
        let hand = HandSample(t: 0, x: 8.0 / 32, y: 0.5, present: true, confidence: 0.75, landmarks: landmarks)
        let messages = OSCAddressSpace.messages(control: Control(frequency: 440, amplitude: 1, gate: true),
                                                hands: HandsFrame(hand))
        XCTAssertEqual(messages.map(\.address).suffix(2), ["/theremin/hand/1/tip", "/theremin/hand/1/landmarks"])
        XCTAssertEqual(messages[5].arguments, [.float(0.25), .float(0.5), .float(-0.125), .float(0.75)])
        let values = messages[6].arguments
        XCTAssertEqual(values.count, 63)
        // x y z per landmark, in MediaPipe's order.
        XCTAssertEqual(Array(values[(3 * 20)...]), [.float(Float(20.0 / 32)), .float(0.5), .float(Float(-20.0 / 64))])
    }

    func testEndpointsParseAndMalformedOnesAreRefused() {
        XCTAssertEqual(OSCEndpoint(parsing: "127.0.0.1:9000"), OSCEndpoint(host: "127.0.0.1", port: 9000))
        XCTAssertEqual(OSCEndpoint(parsing: "synth.local:57120"), OSCEndpoint(host: "synth.local", port: 57120))
        XCTAssertEqual(OSCEndpoint(parsing: "[::1]:9000"), OSCEndpoint(host: "::1", port: 9000))
        XCTAssertEqual(OSCEndpoint(host: "::1", port: 9000).description, "[::1]:9000")
        for bad in ["9000", "host:", ":9000", "host:0", "host:65536", "host:90a", "::1:9000", "[::1]9000", "a b:1"] {
            XCTAssertNil(OSCEndpoint(parsing: bad), bad)
        }
    }
}
