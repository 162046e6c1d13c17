import CALSA
import Foundation
import ThereminCore

/// Sends the performance to another synthesizer through the ALSA sequencer: theremin appears as a client with one
/// output port, connected to the port the player named. Owns the sequencer handle and closes it.
public final class ALSASequencer: MIDISink {
    public let port: String
    private var handle: OpaquePointer?
    private let sourcePort: Int32

    /// Opens the sequencer, creates theremin's port and connects it to `port` (`CLIENT:PORT` or a client name).
    /// - Throws: `MIDIError` when there is no sequencer or no such port.
    public init(connectingTo port: String) throws {
        self.port = port
        theremin_alsa_silence_library_messages()
        var seq: OpaquePointer?
        let opened = snd_seq_open(&seq, "default", SND_SEQ_OPEN_OUTPUT, 0)
        guard opened >= 0, let seq else {
            throw MIDIError(port: port, operation: "open the ALSA sequencer", code: opened)
        }
        handle = seq
        snd_seq_set_client_name(seq, "theremin")
        let capabilities = UInt32(SND_SEQ_PORT_CAP_READ | SND_SEQ_PORT_CAP_SUBS_READ)
        let type = UInt32(SND_SEQ_PORT_TYPE_MIDI_GENERIC | SND_SEQ_PORT_TYPE_APPLICATION)
        let created = snd_seq_create_simple_port(seq, "theremin out", capabilities, type)
        guard created >= 0 else {
            snd_seq_close(seq)
            handle = nil
            throw MIDIError(port: port, operation: "create a port", code: created)
        }
        sourcePort = created
        var address = snd_seq_addr_t()
        let parsed = snd_seq_parse_address(seq, &address, port)
        guard parsed >= 0 else {
            snd_seq_close(seq)
            handle = nil
            throw MIDIError(port: port, operation: "find the port", code: parsed)
        }
        let connected = snd_seq_connect_to(seq, created, Int32(address.client), Int32(address.port))
        guard connected >= 0 else {
            snd_seq_close(seq)
            handle = nil
            throw MIDIError(port: port, operation: "connect", code: connected)
        }
    }

    deinit {
        close()
    }

    /// The client and port numbers theremin sends from (for tests and `--verbose`).
    public var address: (client: Int32, port: Int32) {
        guard let handle else { return (-1, -1) }
        return (snd_seq_client_id(handle), sourcePort)
    }

    public func close() {
        if let handle {
            snd_seq_drain_output(handle)
            snd_seq_close(handle)
            self.handle = nil
        }
    }

    public func send(_ message: MIDIMessage) throws {
        guard let handle else { return }
        var event = snd_seq_event_t()
        event.source.port = UInt8(truncatingIfNeeded: sourcePort)
        event.dest.client = UInt8(SND_SEQ_ADDRESS_SUBSCRIBERS)
        event.dest.port = UInt8(SND_SEQ_ADDRESS_UNKNOWN)
        event.queue = UInt8(SND_SEQ_QUEUE_DIRECT)
        switch message {
        case let .noteOn(channel, note, velocity):
            event.type = snd_seq_event_type_t(SND_SEQ_EVENT_NOTEON.rawValue)
            event.data.note.channel = channel
            event.data.note.note = note
            event.data.note.velocity = velocity
        case let .noteOff(channel, note, velocity):
            event.type = snd_seq_event_type_t(SND_SEQ_EVENT_NOTEOFF.rawValue)
            event.data.note.channel = channel
            event.data.note.note = note
            event.data.note.off_velocity = velocity
        case let .controlChange(channel, controller, value):
            event.type = snd_seq_event_type_t(SND_SEQ_EVENT_CONTROLLER.rawValue)
            event.data.control.channel = channel
            event.data.control.param = UInt32(controller)
            event.data.control.value = Int32(value)
        case let .pitchBend(channel, value):
            event.type = snd_seq_event_type_t(SND_SEQ_EVENT_PITCHBEND.rawValue)
            event.data.control.channel = channel
            event.data.control.value = Int32(value) - 8_192
        case let .channelPressure(channel, value):
            event.type = snd_seq_event_type_t(SND_SEQ_EVENT_CHANPRESS.rawValue)
            event.data.control.channel = channel
            event.data.control.value = Int32(value)
        }
        let result = snd_seq_event_output_direct(handle, &event)
        if result < 0 { throw MIDIError(port: port, operation: "send", code: result) }
    }
}
