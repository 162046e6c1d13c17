import Synchronization
import ThereminCore

/// `--midi-out jack:`: a JACK client `theremin-midi` with a MIDI port `midi_out`, sending the same messages the ALSA
/// sequencer path sends, each at its frame in the cycle.
///
/// `send` (the tracking thread, or the replay's main loop) stamps each message with JACK's clock and queues it in a
/// lock-free ring. A live message goes out where the sound of its control starts: the audio output applies a control
/// at the first frame of the first cycle that begins after it was sent, so the process callback writes the message at
/// frame 0 of the first cycle whose start on the frame clock comes after the frame it was sent at. A replayed message
/// comes with its frame (`send(_:atFrame:)`). With a capture time (`send(_:capturedAt:)`), the callback also records
/// the message's age at its frame: motion to MIDI out.
public final class JACKMIDIOutput: MIDISink, @unchecked Sendable {
    public let request: JACKRequest
    private let client: JACKClient
    private let port: JACKPort
    private let cycle: JACKMIDICycle
    /// Ages at the frame (seconds), for the main thread (`--stats`).
    public var ages: SPSCRing<Double> { cycle.ages }

    /// Opens the client, registers `midi_out`, activates it and connects it where `request.connection` says (MIDI
    /// has no physical default: `.physicalPlayback` connects nothing).
    /// - Throws: `JACKError` when no server runs, a named port does not exist, or connecting fails.
    public init(request: JACKRequest) throws(JACKError) {
        self.request = request
        let client = try JACKClient(name: request.clientName, server: request.server)
        port = try client.registerOutput("midi_out", midi: true)
        var destinations: [String] = []
        if case .ports(let names) = request.connection {
            for name in names {
                if name.contains(":") {
                    guard client.portExists(name) else { throw JACKError(server: client.label, problem: .noSuchPort(name)) }
                    destinations.append(name)
                } else {
                    let inputs = client.ports(matching: "^" + JACKOutput.escaped(name) + ":", midi: true)
                    guard let first = inputs.first else { throw JACKError(server: client.label, problem: .noSuchPort(name)) }
                    destinations.append(first)
                }
            }
        }
        cycle = JACKMIDICycle(port: port)
        client.setEvents(cycle)
        self.client = client
        do {
            try client.activate()
            for destination in destinations { try client.connect(port, to: destination) }
        } catch {
            client.close()
            throw error
        }
    }

    deinit { client.close() }

    /// `theremin-midi:midi_out`.
    public var portName: String { client.fullName(of: port) }
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
        if cycle.gone.load(ordering: .relaxed) { throw JACKError(server: client.label, problem: .lost) }
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

    let port: JACKPort
    let queue = SPSCRing<Event>(capacity: 4_096)
    let ages = SPSCRing<Double>(capacity: 8_192)
    let gone = Atomic<Bool>(false)
    let dropped = Atomic<Int>(0)
    let written = Atomic<Int>(0)
    let cycles = Atomic<Int>(0)
    /// A message due after the cycle that popped it, kept for the next (process thread only).
    private var held: Event?

    init(port: JACKPort) { self.port = port }

    /// Writes the messages due in this cycle at their frames. Render contract: no allocation, locks, I/O or logging.
    func process(_ cycle: JACKCycle) {
        cycles.add(1, ordering: .relaxed)
        guard let buffer = cycle.clearedMIDIBuffer(port) else { return }
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
