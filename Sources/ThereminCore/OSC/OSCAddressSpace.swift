/// theremin's OSC address space (docs/guide.md, "OSC out"): per frame, the sound, then every hand seen.
///
/// ```
/// /theremin/pitch   f        frequency, Hz
/// /theremin/note    i f      nearest MIDI note, cents from it (-50..50)
/// /theremin/level   f        amplitude 0..1 (what the volume hand sets; 0 while the gate is shut)
/// /theremin/gate    i        1 sounding, 0 silent (no hand, paused, calibrating)
/// /theremin/hands   i        hands seen in this frame
/// /theremin/hand/N/tip        f f f f   index fingertip x, y (normalized, mirrored view, y down), z, confidence 0..1
/// /theremin/hand/N/side       s         "left" or "right", when the tracker knows
/// /theremin/hand/N/landmarks  f x 63    the 21 landmarks as x0 y0 z0 … x20 y20 z20, when the tracker gives them
/// ```
/// N counts the hands seen from 1, in the tracker's order (with `--hands 2`, the order the roles are read in).
/// z is the landmark model's depth (`NormalizedPoint.z`): relative to the wrist, in the units of x, smaller towards
/// the camera. The tip always has four values, so a patch unpacks it one way; its z is 0 where the source has no
/// depth (the classical tracker, a replayed trace), and those frames send no `landmarks`.
public enum OSCAddressSpace {
    public static let prefix = "/theremin"

    /// The messages for one frame and the control it was mapped to, in the documented order.
    public static func messages(control: Control, hands: HandsFrame) -> [OSCMessage] {
        let note = control.frequency > 0 ? Note.nearest(to: control.frequency) : (name: "", midi: 0, cents: 0)
        let level = control.gate ? control.amplitude : 0
        var messages = [
            OSCMessage(prefix + "/pitch", [.float(Float(control.frequency))]),
            OSCMessage(prefix + "/note", [.int(Int32(clamping: note.midi)), .float(Float(note.cents))]),
            OSCMessage(prefix + "/level", [.float(Float(level))]),
            OSCMessage(prefix + "/gate", [.int(control.gate ? 1 : 0)]),
        ]
        let seen = hands.present
        messages.append(OSCMessage(prefix + "/hands", [.int(Int32(seen.count))]))
        for (index, hand) in seen.enumerated() {
            let path = prefix + "/hand/\(index + 1)"
            messages.append(OSCMessage(path + "/tip", [.float(Float(hand.x)), .float(Float(hand.y)),
                                                        .float(Float(hand.z ?? 0)), .float(Float(hand.confidence))]))
            if let side = hand.handedness { messages.append(OSCMessage(path + "/side", [.string(side.rawValue)])) }
            if !hand.landmarks.isEmpty {
                let values = hand.landmarks.flatMap { [Float($0.x), Float($0.y), Float($0.z)] }
                messages.append(OSCMessage(path + "/landmarks", values.map { .float($0) }))
            }
        }
        return messages
    }
}

extension OSCAddressSpace {
    /// A live frame's bundle: stamped with its capture time (monotonic `control.sourceTime`, put on the wall clock).
    public static func livePacket(control: Control, hands: HandsFrame) -> OSCPacket {
        let captured = control.sourceTime
        return OSCPacket(time: captured > 0 ? WallClock.time(ofMonotonic: captured) : WallClock.now(),
                         capturedAt: captured, messages: messages(control: control, hands: hands))
    }
}
