import CJACK
import Foundation

/// What a JACK client is told on JACK's own threads. `process` runs on the real-time process thread: it must not
/// allocate, lock, log or do I/O (the render contract); the others may come from JACK's notification thread.
protocol JACKClientEvents: AnyObject {
    /// One cycle of `frames` frames; `cycle` reads the port buffers and the frame clock.
    func process(_ cycle: JACKCycle)
    func bufferSizeChanged(to frames: Int)
    func sampleRateChanged(to rate: Int)
    func xrun()
    /// The server went away (killed, or it stopped the client); the client must be closed and opened anew.
    func serverShutDown()
}

/// A port the client registered, by its handle.
struct JACKPort: @unchecked Sendable {
    fileprivate let handle: OpaquePointer
}

/// One process cycle as the render side sees it: the port buffers and JACK's frame clock, read only through here.
struct JACKCycle {
    fileprivate let client: OpaquePointer
    let frames: Int

    /// The port's buffer for this cycle (audio: `frames` floats).
    func audioBuffer(_ port: JACKPort) -> UnsafeMutablePointer<Float>? {
        jack_port_get_buffer(port.handle, jack_nframes_t(frames))?.assumingMemoryBound(to: Float.self)
    }

    /// Frames from now until this cycle's first frame reaches the speaker: the cycle's start on the frame clock
    /// (`jack_get_cycle_times`) plus the port's playback latency, less the time already gone (`jack_get_time`).
    /// Reads the clock, so a late callback is not mistaken for a late sound.
    func framesUntilHeard(through port: JACKPort, sampleRate: Int) -> Int {
        var currentFrames: jack_nframes_t = 0
        var currentMicros: jack_time_t = 0, nextMicros: jack_time_t = 0
        var periodMicros: Float = 0
        guard jack_get_cycle_times(client, &currentFrames, &currentMicros, &nextMicros, &periodMicros) == 0 else {
            return 0
        }
        var range = jack_latency_range_t(min: 0, max: 0)
        jack_port_get_latency_range(port.handle, JackPlaybackLatency, &range)
        let heard = jack_frames_to_time(client, currentFrames &+ range.max)
        let now = jack_get_time()
        guard heard > now else { return 0 }
        return Int(Double(heard - now) * Double(sampleRate) / 1_000_000)
    }

    /// The frame time of this cycle's first frame (`jack_last_frame_time`).
    var firstFrame: UInt32 { jack_last_frame_time(client) }

    /// The frame at JACK time `micros` (`jack_time_to_frames`).
    func frame(atMicros micros: UInt64) -> UInt32 { jack_time_to_frames(client, micros) }

    /// JACK's time (microseconds) of `frame` (`jack_frames_to_time`).
    func micros(atFrame frame: UInt32) -> UInt64 { jack_frames_to_time(client, frame) }

    /// Where a MIDI event at `offset` frames into this cycle goes: the MIDI port's buffer, cleared for the cycle.
    func clearedMIDIBuffer(_ port: JACKPort) -> UnsafeMutableRawPointer? {
        guard let buffer = jack_port_get_buffer(port.handle, jack_nframes_t(frames)) else { return nil }
        jack_midi_clear_buffer(buffer)
        return buffer
    }

    /// Calls `body` with each MIDI event an input port received this cycle: its offset in the cycle and its bytes.
    func forEachMIDIEvent(in port: JACKPort, _ body: (_ offset: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Void) {
        guard let buffer = jack_port_get_buffer(port.handle, jack_nframes_t(frames)) else { return }
        var event = jack_midi_event_t()
        for index in 0..<jack_midi_get_event_count(buffer) where jack_midi_event_get(&event, buffer, index) == 0 {
            body(Int(event.time), UnsafeBufferPointer(start: event.buffer, count: event.size))
        }
    }

    /// Writes one MIDI message at `offset` frames into the cycle; false when the buffer is full.
    func writeMIDI(_ buffer: UnsafeMutableRawPointer, at offset: Int, bytes: UnsafePointer<UInt8>, count: Int) -> Bool {
        jack_midi_event_write(buffer, jack_nframes_t(offset), bytes, count) == 0
    }
}

/// An open JACK client: `jack_client_t`, closed once, by `close` or on release.
final class JACKClient: @unchecked Sendable {
    let server: String
    private var handle: OpaquePointer?
    /// Kept for JACK's callbacks, which get it unretained.
    private var box: EventBox?

    private final class EventBox {
        /// Held strongly: JACK may call it until `close` returns (release the owner only after).
        let events: any JACKClientEvents
        /// Set before activation, cleared after deactivation: the process thread only reads it while active.
        var client: OpaquePointer?
        init(_ events: any JACKClientEvents) { self.events = events }
    }

    /// Silences libjack's own printing ("Cannot connect to server socket" and the like): theremin says it in one line.
    private static let quietened: Void = {
        jack_set_error_function { _ in }
        jack_set_info_function { _ in }
    }()

    /// Opens a client named `name` (JACK appends a number when the name is taken) without starting a server.
    /// - Throws: `JACKError` when no server answers or it refuses the client.
    init(name: String, server: String) throws(JACKError) {
        _ = JACKClient.quietened
        self.server = server
        var status = jack_status_t(rawValue: 0)
        let opened = server.isEmpty ? theremin_jack_open(name, nil, &status) : theremin_jack_open(name, server, &status)
        guard let opened else {
            let label = server.isEmpty ? JACKClient.defaultServer : server
            if status.rawValue & JackServerFailed.rawValue != 0 {
                throw JACKError(server: label, problem: .noServer)
            }
            throw JACKError(server: label, problem: .refused("the client '\(name)' (status 0x\(String(status.rawValue, radix: 16)))"))
        }
        handle = opened
    }

    deinit { close() }

    /// `$JACK_DEFAULT_SERVER`, or "default".
    static var defaultServer: String {
        ProcessInfo.processInfo.environment["JACK_DEFAULT_SERVER"].flatMap { $0.isEmpty ? nil : $0 } ?? "default"
    }

    var label: String { server.isEmpty ? JACKClient.defaultServer : server }

    /// The name the server gave the client.
    var name: String {
        guard let handle, let text = jack_get_client_name(handle) else { return "" }
        return String(cString: text)
    }

    var sampleRate: Int { handle.map { Int(jack_get_sample_rate($0)) } ?? 0 }
    /// JACK's clock now, in microseconds (`jack_get_time`).
    static func now() -> UInt64 { jack_get_time() }
    var bufferFrames: Int { handle.map { Int(jack_get_buffer_size($0)) } ?? 0 }
    var isRealtime: Bool { handle.map { jack_is_realtime($0) != 0 } ?? false }
    var realtimePriority: Int32 { handle.map { jack_client_real_time_priority($0) } ?? 0 }

    /// Registers an output port (`audio` or MIDI) named `name`.
    func registerOutput(_ name: String, midi: Bool = false) throws(JACKError) -> JACKPort {
        try register(name, midi: midi, flags: JackPortIsOutput.rawValue)
    }

    /// Registers an input port (audio or MIDI) named `name`: what a client that listens (a test's recorder) reads.
    func registerInput(_ name: String, midi: Bool = false) throws(JACKError) -> JACKPort {
        try register(name, midi: midi, flags: JackPortIsInput.rawValue)
    }

    private func register(_ name: String, midi: Bool, flags: UInt32) throws(JACKError) -> JACKPort {
        guard let handle else { throw JACKError(server: label, problem: .refused("a port after the server went away")) }
        let type = midi ? theremin_jack_midi_type : theremin_jack_audio_type
        guard let port = jack_port_register(handle, name, type, UInt(flags), 0) else {
            throw JACKError(server: label, problem: .refused("the port '\(name)'"))
        }
        return JACKPort(handle: port)
    }

    /// The full name of a port of this client (`theremin:out_1`).
    func fullName(of port: JACKPort) -> String {
        jack_port_name(port.handle).map { String(cString: $0) } ?? ""
    }

    /// Ports whose full name matches the regular expression `pattern` (nil: all), of `midi` or audio type, inputs
    /// (`inputs`) or outputs, physical only when asked: `jack_get_ports`.
    func ports(matching pattern: String? = nil, midi: Bool = false, inputs: Bool = true, physical: Bool = false) -> [String] {
        guard let handle else { return [] }
        var flags = inputs ? JackPortIsInput.rawValue : JackPortIsOutput.rawValue
        if physical { flags |= JackPortIsPhysical.rawValue }
        let type = midi ? theremin_jack_midi_type : theremin_jack_audio_type
        guard let list = jack_get_ports(handle, pattern, type, UInt(flags)) else { return [] }
        defer { jack_free(UnsafeMutableRawPointer(mutating: list)) }
        var names: [String] = []
        var index = 0
        while let entry = list[index] {
            names.append(String(cString: entry))
            index += 1
        }
        return names
    }

    /// Whether a port of that full name exists.
    func portExists(_ name: String) -> Bool {
        guard let handle else { return false }
        return jack_port_by_name(handle, name) != nil
    }

    /// Hands JACK the callbacks (before `activate`); they are kept until `close`.
    func setEvents(_ events: any JACKClientEvents) {
        guard let handle else { return }
        let box = EventBox(events)
        self.box = box
        let context = Unmanaged.passUnretained(box).toOpaque()
        jack_set_process_callback(handle, { frames, context in
            guard let context else { return 0 }
            let box = Unmanaged<EventBox>.fromOpaque(context).takeUnretainedValue()
            guard let client = box.client else { return 0 }
            box.events.process(JACKCycle(client: client, frames: Int(frames)))
            return 0
        }, context)
        jack_set_buffer_size_callback(handle, { frames, context in
            guard let context else { return 0 }
            Unmanaged<EventBox>.fromOpaque(context).takeUnretainedValue().events.bufferSizeChanged(to: Int(frames))
            return 0
        }, context)
        jack_set_sample_rate_callback(handle, { rate, context in
            guard let context else { return 0 }
            Unmanaged<EventBox>.fromOpaque(context).takeUnretainedValue().events.sampleRateChanged(to: Int(rate))
            return 0
        }, context)
        jack_set_xrun_callback(handle, { context in
            guard let context else { return 0 }
            Unmanaged<EventBox>.fromOpaque(context).takeUnretainedValue().events.xrun()
            return 0
        }, context)
        jack_on_info_shutdown(handle, { _, _, context in
            guard let context else { return }
            Unmanaged<EventBox>.fromOpaque(context).takeUnretainedValue().events.serverShutDown()
        }, context)
        box.client = handle
    }

    /// Starts the process callback.
    func activate() throws(JACKError) {
        guard let handle, jack_activate(handle) == 0 else {
            throw JACKError(server: label, problem: .refused("to activate the client"))
        }
    }

    /// Connects one of this client's ports to `destination`.
    func connect(_ port: JACKPort, to destination: String) throws(JACKError) {
        let source = fullName(of: port)
        guard let handle else { throw JACKError(server: label, problem: .connect(source, to: destination)) }
        let result = jack_connect(handle, source, destination)
        guard result == 0 || result == EEXIST else {
            throw JACKError(server: label, problem: .connect(source, to: destination))
        }
    }

    /// Connects `source` (another client's output) to one of this client's input ports.
    func connect(from source: String, to port: JACKPort) throws(JACKError) {
        let destination = fullName(of: port)
        guard let handle else { throw JACKError(server: label, problem: .connect(source, to: destination)) }
        let result = jack_connect(handle, source, destination)
        guard result == 0 || result == EEXIST else {
            throw JACKError(server: label, problem: .connect(source, to: destination))
        }
    }

    /// Deactivates and closes the client (JACK's threads stop before this returns). Safe to call twice.
    func close() {
        guard let handle else { return }
        self.handle = nil
        jack_deactivate(handle)
        jack_client_close(handle)
        box?.client = nil
        box = nil
    }
}
