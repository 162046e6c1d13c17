import Synchronization
import ThereminCore

/// `--midi-out jack:`: a MIDI port `midi_out` sending the same messages the ALSA sequencer path sends, each at its
/// frame in the cycle: on theremin's JACK client when the sound plays through JACK (`JACKOutput.addMIDIOutput`), else
/// on a client of its own, `theremin-midi`.
///
/// One client a process, because libjack keeps one table of other clients' wake-ups for the whole process: with two
/// clients in it, a patchbay's short-lived client (`jack_lsp`) could leave one of theirs waiting on a stale wake-up
/// and stall the server's whole graph (docs/decisions.md).
///
/// `send` (the tracking thread, or the replay's main loop) stamps each message with JACK's clock and queues it in a
/// lock-free ring. A live message goes out where the sound of its control starts: the audio output applies a control
/// at the first frame of the first cycle that begins after it was sent, so the process callback writes the message at
/// frame 0 of the first cycle whose start on the frame clock comes after the frame it was sent at. A replayed message
/// comes with its frame (`send(_:atFrame:)`). With a capture time (`send(_:capturedAt:)`), the callback also records
/// the message's age at its frame: motion to MIDI out.
public final class JACKMIDIOutput: MIDISink, @unchecked Sendable {
    /// The client that carries the port: one of its own (closed with this), or the audio output's.
    private enum Host {
        case own(JACKClient)
        case audio
    }

    private let host: Host
    private let serverLabel: String
    private let cycle: JACKMIDICycle
    /// `theremin-midi:midi_out`, or `theremin:midi_out` on the audio output's client.
    public let portName: String
    /// Ages at the frame (seconds), for the main thread (`--stats`).
    public var ages: SPSCRing<Double> { cycle.ages }

    /// Opens a client of its own, registers `midi_out`, activates it and connects it where `request.connection`
    /// says (MIDI has no physical default: `.physicalPlayback` connects nothing).
    /// - Throws: `JACKError` when no server runs, a named port does not exist, or connecting fails.
    public init(request: JACKRequest) throws(JACKError) {
        let client = try JACKClient(name: request.clientName, server: request.server)
        let port = try client.registerOutput("midi_out", midi: true)
        let destinations = try JACKOutput.destinations(of: request.connection, on: client, midi: true)
        cycle = JACKMIDICycle(port: port)
        client.setEvents(cycle)
        do {
            try client.activate()
            for destination in destinations { try client.connect(port, to: destination) }
            cycle.connected.store(true, ordering: .releasing)
        } catch {
            client.close()
            throw error
        }
        host = .own(client)
        serverLabel = client.label
        portName = client.fullName(of: port)
    }

    /// The port on the audio output's client, `cycle` written by its process callback.
    init(cycle: JACKMIDICycle, portName: String, serverLabel: String) {
        host = .audio
        self.cycle = cycle
        self.portName = portName
        self.serverLabel = serverLabel
    }

    deinit {
        if case .own(let client) = host { client.close() }
    }

    /// Messages the ring or JACK's buffer had no room for (a stalled server).
    public var droppedMessages: Int { cycle.dropped.load(ordering: .relaxed) }
    /// Messages written into JACK's buffers so far.
    public var messagesWritten: Int { cycle.written.load(ordering: .relaxed) }
    /// Process cycles run so far.
    public var cycles: Int { cycle.cycles.load(ordering: .relaxed) }

    /// Queues `message` to go out at the start of the next cycle, with a control sent now.
    /// - Throws: `JACKError.lost` once the server has gone away.
    public func send(_ message: MIDIMessage) throws {
        try send(message, capturedAt: nil)
    }

    /// Queues `message` to go out at `frame` of JACK's frame clock (e.g. with the audio it belongs to:
    /// `JACKOutput.jackFrame(ofMixFrame:)`); held until that cycle, or at the start of the next one when late.
    /// - Throws: `JACKError.lost` once the server has gone away.
    public func send(_ message: MIDIMessage, atFrame frame: UInt32) throws {
        try queue(message, micros: 0, frame: frame, captured: 0)
    }

    /// Queues `message`, and records its age at its frame against `capturedAt` (monotonic seconds).
    public func send(_ message: MIDIMessage, capturedAt: Double?) throws {
        let now = JACKClient.now()
        var captured: UInt64 = 0
        if let capturedAt {
            let ago = UInt64(max(0, MonotonicClock.now() - capturedAt) * 1_000_000)
            captured = now > ago ? now - ago : 0
        }
        try queue(message, micros: now, frame: nil, captured: captured)
    }

    private func queue(_ message: MIDIMessage, micros: UInt64, frame: UInt32?, captured: UInt64) throws {
        if cycle.gone.load(ordering: .relaxed) {
            // On the audio output's client, the output reconnects: messages meanwhile are dropped, not kept for later.
            guard case .own = host else {
                cycle.dropped.add(1, ordering: .relaxed)
                return
            }
            throw JACKError(server: serverLabel, problem: .lost)
        }
        let bytes = message.bytes
        let event = JACKMIDICycle.Event(status: bytes[0], data1: bytes.count > 1 ? bytes[1] : 0,
                                        data2: bytes.count > 2 ? bytes[2] : 0, count: UInt8(bytes.count),
                                        micros: micros, capturedMicros: captured, frame: frame ?? 0,
                                        placed: frame != nil)
        if !cycle.queue.push(event) { cycle.dropped.add(1, ordering: .relaxed) }
    }
}

/// The render side of JACK MIDI out: the ring of stamped messages and what the process callback writes.
final class JACKMIDICycle: JACKClientEvents, @unchecked Sendable {
    /// A message with its JACK time, as the ring carries it.
    struct Event: BitwiseCopyable {
        var status: UInt8, data1: UInt8, data2: UInt8, count: UInt8
        var micros: UInt64
        /// When its motion was captured, on JACK's clock (0: unknown).
        var capturedMicros: UInt64
        /// The frame it was asked to go out at (`placed`), else it goes at the first cycle begun after `micros`.
        var frame: UInt32
        var placed: Bool
    }

    /// Set before the client carrying it is activated (again, after a reconnection); read by the process thread.
    var port: JACKPort
    let queue = SPSCRing<Event>(capacity: 4_096)
    let ages = SPSCRing<Double>(capacity: 8_192)
    let gone = Atomic<Bool>(false)
    /// Whether the port is connected where it was asked to be: until then the messages wait in the ring (a set-up
    /// sent before the client was active would otherwise go out of a port nobody listens to yet).
    let connected = Atomic<Bool>(false)
    let dropped = Atomic<Int>(0)
    let written = Atomic<Int>(0)
    let cycles = Atomic<Int>(0)
    /// A message due after the cycle that popped it, kept for the next (process thread only).
    private var held: Event?

    init(port: JACKPort) { self.port = port }

    /// Forgets what was queued for a server that went away, and takes the new client's port. Only while no process
    /// thread runs (the old client closed, the new one not yet active): this thread is then the ring's consumer.
    func restart(on port: JACKPort) {
        self.port = port
        held = nil
        while queue.pop() != nil {}
        connected.store(false, ordering: .relaxed)
        gone.store(false, ordering: .relaxed)
    }

    /// Writes the messages due in this cycle at their frames. Render contract: no allocation, locks, I/O or logging.
    func process(_ cycle: JACKCycle) {
        cycles.add(1, ordering: .relaxed)
        guard let buffer = cycle.clearedMIDIBuffer(port), connected.load(ordering: .acquiring) else { return }
        let first = cycle.firstFrame
        let frames = cycle.frames
        var lastOffset = 0
        while let event = held ?? queue.pop() {
            held = nil
            let offset = event.placed ? Int(Int32(bitPattern: event.frame &- first)) : Self.offset(sentAt: event.micros, in: cycle)
            if offset >= frames {
                held = event
                break
            }
            let at = min(frames - 1, max(lastOffset, offset))
            lastOffset = at
            withUnsafeBytes(of: (event.status, event.data1, event.data2)) { raw in
                guard let base = raw.baseAddress else { return }
                let bytes = base.assumingMemoryBound(to: UInt8.self)
                if cycle.writeMIDI(buffer, at: at, bytes: bytes, count: Int(event.count)) {
                    written.add(1, ordering: .relaxed)
                } else {
                    dropped.add(1, ordering: .relaxed)
                }
            }
            if event.capturedMicros > 0 {
                let sent = cycle.micros(atFrame: first &+ UInt32(at))
                _ = ages.push(Double(Int64(bitPattern: sent &- event.capturedMicros)) / 1_000_000)
            }
        }
    }

    /// Where a live message sent at JACK time `micros` goes in `cycle`: frame 0 when it was sent before the cycle
    /// began (the audio output's control, sent with it, is applied at this cycle's first frame), else past the cycle
    /// (held for the next). Render contract applies.
    static func offset(sentAt micros: UInt64, in cycle: JACKCycle) -> Int {
        Int32(bitPattern: cycle.frame(atMicros: micros) &- cycle.firstFrame) < 0 ? 0 : cycle.frames
    }

    func bufferSizeChanged(to frames: Int) {}
    func sampleRateChanged(to rate: Int) {}
    func xrun() {}
    func serverShutDown() { gone.store(true, ordering: .relaxed) }
}
