import CALSA
import Foundation
import Glibc
import ThereminCore

/// Every call ThereminAudio makes into alsa-lib goes through this file (as swift-system's `Syscalls.swift`): the
/// PCM set-up and stream operations, the one xrun/overrun recovery that playback and capture share, the device
/// hints, the sequencer and ALSA's error strings. The typed files around it (`ALSAPCM`, `AudioOutput`,
/// `AudioInput`, `ALSADeviceList`, `ALSASequencer`) hold the logic and never name an `snd_` function.
enum ALSACalls {
    /// ALSA's text for an error code.
    static func reason(_ code: Int32) -> String { String(cString: snd_strerror(code)) }

    /// Keeps alsa-lib from printing its own messages on stderr (ours say the same in one line).
    static func silenceLibraryMessages() { theremin_alsa_silence_library_messages() }

    // MARK: PCM

    /// Opens a PCM without blocking; the handle, or ALSA's error code.
    static func openPCM(_ device: String, capture: Bool) -> (handle: OpaquePointer?, code: Int32) {
        var pcm: OpaquePointer?
        let opened = snd_pcm_open(&pcm, device, capture ? SND_PCM_STREAM_CAPTURE : SND_PCM_STREAM_PLAYBACK,
                                  SND_PCM_NONBLOCK)
        return (opened >= 0 ? pcm : nil, opened)
    }

    static func closePCM(_ handle: OpaquePointer) { snd_pcm_close(handle) }

    /// Negotiates the hardware and software parameters as close to `request` as the device allows (48 kHz
    /// preferred, 44.1 kHz accepted; float preferred, 16-bit accepted) and re-reads what was granted.
    /// - Throws: `ALSAError` naming the step that failed.
    static func configure(_ pcm: OpaquePointer, request: PlaybackRequest,
                          direction: ALSAPCM.Direction) throws(ALSAError) -> AudioFormat {
        let capture = direction == .capture
        func check(_ result: Int32, _ operation: String) throws(ALSAError) {
            if result < 0 {
                throw ALSAError(operation: operation, code: result, device: request.device, direction: direction)
            }
        }
        var hw: OpaquePointer?
        try check(snd_pcm_hw_params_malloc(&hw), "allocate hardware parameters")
        defer { snd_pcm_hw_params_free(hw) }
        try check(snd_pcm_hw_params_any(pcm, hw), "read hardware parameters")
        try check(snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED), "set interleaved access")

        let sampleFormat: AudioFormat.SampleFormat
        if snd_pcm_hw_params_set_format(pcm, hw, SND_PCM_FORMAT_FLOAT_LE) >= 0 {
            sampleFormat = .float32
        } else {
            try check(snd_pcm_hw_params_set_format(pcm, hw, SND_PCM_FORMAT_S16_LE), "set sample format (float or S16)")
            sampleFormat = .int16
        }
        var channels = UInt32(request.channels)
        try check(snd_pcm_hw_params_set_channels_near(pcm, hw, &channels), "set channels")

        var rate = UInt32(request.sampleRate)
        var direction: Int32 = 0
        if snd_pcm_hw_params_test_rate(pcm, hw, rate, 0) != 0 && snd_pcm_hw_params_test_rate(pcm, hw, 44_100, 0) == 0 {
            rate = 44_100
        }
        try check(snd_pcm_hw_params_set_rate_near(pcm, hw, &rate, &direction), "set sample rate")

        var period = snd_pcm_uframes_t(request.periodFrames)
        direction = 0
        try check(snd_pcm_hw_params_set_period_size_near(pcm, hw, &period, &direction), "set period size")
        var buffer = period * snd_pcm_uframes_t(max(2, request.periods))
        try check(snd_pcm_hw_params_set_buffer_size_near(pcm, hw, &buffer), "set buffer size")
        try check(snd_pcm_hw_params(pcm, hw), "apply hardware parameters")

        // Re-read what the device actually granted.
        direction = 0
        try check(snd_pcm_hw_params_get_rate(hw, &rate, &direction), "read granted rate")
        try check(snd_pcm_hw_params_get_channels(hw, &channels), "read granted channels")
        direction = 0
        try check(snd_pcm_hw_params_get_period_size(hw, &period, &direction), "read granted period")
        try check(snd_pcm_hw_params_get_buffer_size(hw, &buffer), "read granted buffer")

        var sw: OpaquePointer?
        try check(snd_pcm_sw_params_malloc(&sw), "allocate software parameters")
        defer { snd_pcm_sw_params_free(sw) }
        try check(snd_pcm_sw_params_current(pcm, sw), "read software parameters")
        try check(snd_pcm_sw_params_set_avail_min(pcm, sw, period), "set wake-up threshold")
        // Playback starts once two periods are queued (a buffer of two: one), the depth an adapting output keeps
        // (`QueueDepth`); capture starts with the first read.
        let startThreshold = capture ? 1 : min(buffer - period, 2 * period)
        try check(snd_pcm_sw_params_set_start_threshold(pcm, sw, startThreshold), "set start threshold")
        try check(snd_pcm_sw_params(pcm, sw), "apply software parameters")
        try check(snd_pcm_prepare(pcm), "prepare")

        return AudioFormat(sampleRate: Int(rate), channels: Int(channels), sampleFormat: sampleFormat,
                           periodFrames: Int(period), bufferFrames: Int(buffer))
    }

    // MARK: Device hints

    /// The PCM device hints as fields (`NAME`, `IOID`, `DESC`), in ALSA's order.
    /// - Throws: `ALSAError` when ALSA cannot read its configuration.
    static func pcmHints() throws(ALSAError) -> [(name: String?, direction: String?, description: String?)] {
        var hints: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        let code = snd_device_name_hint(-1, "pcm", &hints)
        guard code >= 0, let hints else {
            throw ALSAError(operation: "snd_device_name_hint", code: code < 0 ? code : -ENOMEM, device: "pcm")
        }
        defer { snd_device_name_free_hint(hints) }
        var found: [(name: String?, direction: String?, description: String?)] = []
        var cursor = hints
        while let hint = cursor.pointee {
            found.append((hintField(hint, "NAME"), hintField(hint, "IOID"), hintField(hint, "DESC")))
            cursor += 1
        }
        return found
    }

    /// One field of a hint; ALSA allocates the string and the caller frees it.
    private static func hintField(_ hint: UnsafeMutableRawPointer, _ field: String) -> String? {
        guard let text = snd_device_name_get_hint(hint, field) else { return nil }
        defer { free(text) }
        return String(cString: text)
    }

    // MARK: Configuration

    /// The plugins a PCM name leads through, outermost first, read from alsa-lib's configuration as `snd_pcm_open`
    /// would expand it (arguments and functions applied): each one's `type` and its `server` field where it has one
    /// (pipewire-alsa's and the pulse plugin's). A slave named by string is followed, one defined in place is read
    /// where it stands; empty when the name has no definition (or the configuration cannot be read).
    static func pcmPlugins(_ name: String) -> [(type: String, server: String?)] {
        var top: OpaquePointer?
        guard snd_config_update_ref(&top) >= 0, let top else { return [] }
        defer { snd_config_unref(top) }
        var plugins: [(type: String, server: String?)] = []
        var next: String? = name
        // A bounded walk: a configuration can name itself as its own slave.
        while let current = next, plugins.count < 8 {
            next = nil
            var definition: OpaquePointer?
            guard snd_config_search_definition(top, "pcm", current, &definition) >= 0, let definition else { break }
            defer { snd_config_delete(definition) }
            var node: OpaquePointer? = definition
            // Definitions in place (`slave { pcm { type hw … } }`) are read within this one.
            while let here = node, plugins.count < 8 {
                node = nil
                guard let type = configString(here, "type") else { break }
                plugins.append((type, configString(here, "server")))
                var slave: OpaquePointer?
                guard snd_config_search(here, "slave.pcm", &slave) >= 0, let slave else { break }
                if snd_config_get_type(slave) == SND_CONFIG_TYPE_COMPOUND {
                    node = slave
                } else {
                    next = configString(slave, nil)
                }
            }
        }
        return plugins
    }

    /// The string at `key` under `node` (or `node`'s own, for nil); nil when absent or not a string.
    private static func configString(_ node: OpaquePointer, _ key: String?) -> String? {
        var leaf: OpaquePointer? = node
        if let key, snd_config_search(node, key, &leaf) < 0 { return nil }
        var text: UnsafePointer<CChar>?
        guard let leaf, snd_config_get_string(leaf, &text) >= 0, let text else { return nil }
        return String(cString: text)
    }

    /// The sound cards ALSA finds (their `/dev/snd/controlC*` nodes), by number.
    static func soundCards() -> [Int32] {
        var cards: [Int32] = []
        var card: Int32 = -1
        while snd_card_next(&card) >= 0, card >= 0 { cards.append(card) }
        return cards
    }

    // MARK: Sequencer

    /// An output sequencer client named theremin with one port; the handle and that port, or the failing step and
    /// its code (the handle is closed then).
    static func openSequencer() -> Result<(handle: OpaquePointer, port: Int32), SequencerFailure> {
        var seq: OpaquePointer?
        let opened = snd_seq_open(&seq, "default", SND_SEQ_OPEN_OUTPUT, 0)
        guard opened >= 0, let seq else { return .failure(SequencerFailure(operation: "open the ALSA sequencer", code: opened)) }
        snd_seq_set_client_name(seq, "theremin")
        let capabilities = UInt32(SND_SEQ_PORT_CAP_READ | SND_SEQ_PORT_CAP_SUBS_READ)
        let type = UInt32(SND_SEQ_PORT_TYPE_MIDI_GENERIC | SND_SEQ_PORT_TYPE_APPLICATION)
        let created = snd_seq_create_simple_port(seq, "theremin out", capabilities, type)
        guard created >= 0 else {
            snd_seq_close(seq)
            return .failure(SequencerFailure(operation: "create a port", code: created))
        }
        return .success((seq, created))
    }

    /// Connects `sourcePort` to `destination` (`CLIENT:PORT` or a client name); the failing step and its code.
    static func connect(_ handle: OpaquePointer, from sourcePort: Int32, to destination: String) -> SequencerFailure? {
        var address = snd_seq_addr_t()
        let parsed = snd_seq_parse_address(handle, &address, destination)
        guard parsed >= 0 else { return SequencerFailure(operation: "find the port", code: parsed) }
        let connected = snd_seq_connect_to(handle, sourcePort, Int32(address.client), Int32(address.port))
        guard connected >= 0 else { return SequencerFailure(operation: "connect", code: connected) }
        return nil
    }

    static func clientID(_ handle: OpaquePointer) -> Int32 { snd_seq_client_id(handle) }

    /// Sends what is queued, then closes.
    static func closeSequencer(_ handle: OpaquePointer) {
        snd_seq_drain_output(handle)
        snd_seq_close(handle)
    }

    /// Sends one message at once to the port's subscribers; ALSA's result (negative: an error code).
    static func send(_ message: MIDIMessage, from sourcePort: Int32, on handle: OpaquePointer) -> Int32 {
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
        case let .programChange(channel, program):
            event.type = snd_seq_event_type_t(SND_SEQ_EVENT_PGMCHANGE.rawValue)
            event.data.control.channel = channel
            event.data.control.value = Int32(program)
        }
        return snd_seq_event_output_direct(handle, &event)
    }

    /// A sequencer step that failed, with ALSA's code.
    struct SequencerFailure: Error {
        let operation: String
        let code: Int32
    }
}

/// The stream operations on an open PCM, each one alsa-lib call with Swift types: with `ALSAPCM`'s set-up and
/// `XrunRecovery`, the only places the audio output and the capture input reach ALSA's PCM API. Results keep ALSA's
/// convention (negative: an error code, for `XrunRecovery`). Render contract: nothing here allocates, locks or logs.
struct PCMStream {
    let handle: OpaquePointer

    /// Frames the device can take (playback) or holds (capture) now, or a negative error code.
    @inline(__always)
    func available() -> Int { Int(snd_pcm_avail_update(handle)) }

    /// Waits up to `milliseconds` for the device to be ready; negative: an error code.
    @inline(__always)
    func wait(milliseconds: Int32) -> Int32 { snd_pcm_wait(handle, milliseconds) }

    /// Frames queued ahead of the speaker (`snd_pcm_delay`), or nil when the device cannot tell.
    @inline(__always)
    func queuedFrames() -> Int? {
        var delay: snd_pcm_sframes_t = 0
        return snd_pcm_delay(handle, &delay) >= 0 ? Int(delay) : nil
    }

    /// Writes interleaved frames; returns how many were taken, or a negative error code.
    @inline(__always)
    func write(_ samples: UnsafeRawPointer, frames: Int) -> Int {
        Int(snd_pcm_writei(handle, samples, snd_pcm_uframes_t(frames)))
    }

    /// Reads interleaved frames; returns how many arrived, or a negative error code.
    @inline(__always)
    func read(into samples: UnsafeMutableRawPointer, frames: Int) -> Int {
        Int(snd_pcm_readi(handle, samples, snd_pcm_uframes_t(frames)))
    }

    /// Starts a prepared stream (capture waits for this); negative: an error code.
    func start() -> Int32 { snd_pcm_start(handle) }

    /// Blocking or non-blocking reads and writes.
    func setBlocking(_ blocking: Bool) { snd_pcm_nonblock(handle, blocking ? 0 : 1) }

    /// Lets what was written play out (blocking).
    func drain() { snd_pcm_drain(handle) }
}

/// The one recovery from an interrupted stream, for playback (underruns) and capture (overruns), the way libsoundio
/// recovers them: -EPIPE (an xrun) and -ESTRPIPE (the system suspended) are handed to `snd_pcm_recover`, -EINTR
/// and -EAGAIN are simply retried; anything else is the device failing. Render contract: no allocation, locks, I/O
/// or logging, so the audio thread may call it.
enum XrunRecovery {
    enum Outcome: Equatable {
        /// Nothing was lost: try the read or write again.
        case retry
        /// The stream was prepared again (after an xrun, or a suspend when `xrun` is false): count the xrun; a
        /// capture stream must be started again.
        case recovered(xrun: Bool)
        /// `snd_pcm_recover` itself failed with this code (the device is gone).
        case recoveryFailed(Int32)
        /// Not an interruption: the read or write failed with this code.
        case failed(Int32)
    }

    /// What to do after a read or write returned the negative `code`.
    static func recover(_ handle: OpaquePointer, after code: Int32) -> Outcome {
        switch -code {
        case EAGAIN, EINTR:
            return .retry
        case EPIPE, ESTRPIPE:
            let recovered = snd_pcm_recover(handle, code, 1)
            guard recovered >= 0 else { return .recoveryFailed(recovered) }
            return .recovered(xrun: code == -EPIPE)
        default:
            return .failed(code)
        }
    }
}

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
