import CALSA
import Glibc
import ThereminCore

/// The sequencer calls of `--midi-in` on the ALSA sequencer: an input client whose port is subscribed to the
/// player's controller and to the system's announcements (ports coming and going).
extension ALSACalls {
    /// What one input event is to the actions: a channel message's bytes, a port gone or come, or nothing.
    enum SequencerInputEvent {
        case message([UInt8])
        case portExit(client: Int32, port: Int32)
        case portStart
        case other
    }

    /// A non-blocking input client named theremin with one writable port, subscribed to the announcements.
    static func openSequencerInput() -> Result<(handle: OpaquePointer, port: Int32), SequencerFailure> {
        var seq: OpaquePointer?
        let opened = snd_seq_open(&seq, "default", SND_SEQ_OPEN_INPUT, SND_SEQ_NONBLOCK)
        guard opened >= 0, let seq else { return .failure(SequencerFailure(operation: "open the ALSA sequencer", code: opened)) }
        snd_seq_set_client_name(seq, "theremin")
        let capabilities = UInt32(SND_SEQ_PORT_CAP_WRITE | SND_SEQ_PORT_CAP_SUBS_WRITE)
        let type = UInt32(SND_SEQ_PORT_TYPE_MIDI_GENERIC | SND_SEQ_PORT_TYPE_APPLICATION)
        let created = snd_seq_create_simple_port(seq, "theremin in", capabilities, type)
        guard created >= 0 else {
            snd_seq_close(seq)
            return .failure(SequencerFailure(operation: "create a port", code: created))
        }
        _ = snd_seq_connect_from(seq, created, Int32(SND_SEQ_CLIENT_SYSTEM), Int32(SND_SEQ_PORT_SYSTEM_ANNOUNCE))
        return .success((seq, created))
    }

    /// Subscribes `port` to `source` (`CLIENT:PORT` or a client name); its address, or the failing step and its code.
    static func connect(_ handle: OpaquePointer, from source: String, to port: Int32)
        -> Result<(client: Int32, port: Int32), SequencerFailure> {
        var address = snd_seq_addr_t()
        let parsed = snd_seq_parse_address(handle, &address, source)
        guard parsed >= 0 else { return .failure(SequencerFailure(operation: "find the port", code: parsed)) }
        let connected = snd_seq_connect_from(handle, port, Int32(address.client), Int32(address.port))
        guard connected >= 0 else { return .failure(SequencerFailure(operation: "connect", code: connected)) }
        return .success((Int32(address.client), Int32(address.port)))
    }

    /// The next waiting event, without waiting; nil when none waits (or the input overflowed: what was lost is lost).
    static func nextInputEvent(_ handle: OpaquePointer) -> SequencerInputEvent? {
        var event: UnsafeMutablePointer<snd_seq_event_t>?
        let result = snd_seq_event_input(handle, &event)
        guard result >= 0, let event else { return result == -ENOSPC ? .other : nil }
        let e = event.pointee
        switch Int32(e.type) {
        case Int32(SND_SEQ_EVENT_NOTEON.rawValue):
            return .message([0x90 | e.data.note.channel & 0x0F, e.data.note.note & 0x7F, e.data.note.velocity & 0x7F])
        case Int32(SND_SEQ_EVENT_CONTROLLER.rawValue):
            return .message([0xB0 | e.data.control.channel & 0x0F, UInt8(truncatingIfNeeded: e.data.control.param) & 0x7F,
                             UInt8(truncatingIfNeeded: e.data.control.value) & 0x7F])
        case Int32(SND_SEQ_EVENT_PGMCHANGE.rawValue):
            return .message([0xC0 | e.data.control.channel & 0x0F, UInt8(truncatingIfNeeded: e.data.control.value) & 0x7F])
        case Int32(SND_SEQ_EVENT_PORT_EXIT.rawValue):
            return .portExit(client: Int32(e.data.addr.client), port: Int32(e.data.addr.port))
        case Int32(SND_SEQ_EVENT_PORT_START.rawValue):
            return .portStart
        default:
            return .other
        }
    }

    static func closeSequencerInput(_ handle: OpaquePointer) { snd_seq_close(handle) }
}
