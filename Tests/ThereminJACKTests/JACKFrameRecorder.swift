import Synchronization
import ThereminCore
@testable import ThereminJACK

/// A JACK client that listens, as a patchbay's recorder would: `recorder:audio_in` and `recorder:midi_in`, read in the
/// same cycles, so the frame where a sound starts and the frame a MIDI message arrived at are on one frame clock.
final class JACKFrameRecorder: JACKClientEvents, @unchecked Sendable {
    private let client: JACKClient
    private let audio: JACKPort
    private let midi: JACKPort
    /// Frames (on JACK's frame clock) where the sound started after at least `quietFrames` of silence.
    let onsets = SPSCRing<UInt32>(capacity: 256)
    /// Frames where a note-on arrived.
    let noteOns = SPSCRing<UInt32>(capacity: 256)
    /// Frames of silence since the sound was last heard (process thread writes, the test reads).
    let silentFrames = Atomic<Int>(0)
    let quietFrames = 480

    init(server: String) throws {
        client = try JACKClient(name: "recorder", server: server)
        audio = try client.registerInput("audio_in")
        midi = try client.registerInput("midi_in", midi: true)
        client.setEvents(self)
        try client.activate()
    }

    deinit { client.close() }

    func close() { client.close() }

    func process(_ cycle: JACKCycle) {
        let first = cycle.firstFrame
        if let samples = cycle.audioBuffer(audio) {
            var silent = silentFrames.load(ordering: .relaxed)
            for index in 0..<cycle.frames {
                if samples[index] == 0 {
                    silent += 1
                } else {
                    if silent >= quietFrames { _ = onsets.push(first &+ UInt32(index)) }
                    silent = 0
                }
            }
            silentFrames.store(silent, ordering: .relaxed)
        }
        cycle.forEachMIDIEvent(in: midi) { offset, bytes in
            if bytes.count == 3, bytes[0] & 0xF0 == 0x90, bytes[2] > 0 { _ = noteOns.push(first &+ UInt32(offset)) }
        }
    }

    func bufferSizeChanged(to frames: Int) {}
    func sampleRateChanged(to rate: Int) {}
    func xrun() {}
    func serverShutDown() {}
}
