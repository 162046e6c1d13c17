import Synchronization
import ThereminCore

/// `--midi-in jack:`: a MIDI input port `midi_in` on a client of its own, `theremin-midi-in`, whose messages become
/// the player's actions through a `MIDIActionMap`. `jack:` leaves the port for a patchbay; `jack:PORT[,PORT]`
/// connects those MIDI outputs (or a client's first) to it, and connects them again when they come back after
/// going away (a foot controller unplugged and plugged in again mid-set).
///
/// The process callback copies each short message into a lock-free ring (no allocation, lock or I/O); `poll` (the
/// session's main thread) reads them. A source that goes away, or the server, is said once in one line, and the
/// performance goes on.
public final class JACKMIDIInput: ActionInput, @unchecked Sendable {
    private let client: JACKClient
    private let cycle: JACKMIDIInputCycle
    private let map: MIDIActionMap
    /// The sources asked for, by full port name, and whether each is connected now.
    private var sources: [(name: String, connected: Bool)]
    private var said: Set<String> = []
    private var lastCheck = 0.0
    private var reportedServer = false
    public let portName: String

    /// Opens the client, registers `midi_in`, activates it and connects `request.connection`'s MIDI outputs to it.
    /// - Throws: `JACKError` when no server runs, a named source does not exist, or connecting fails.
    public init(request: JACKRequest, map: MIDIActionMap) throws(JACKError) {
        let client = try JACKClient(name: request.clientName, server: request.server)
        do {
            let port = try client.registerInput("midi_in", midi: true)
            var names: [String] = []
            if case .ports(let asked) = request.connection {
                for name in asked { names.append(try JACKMIDIInput.source(named: name, on: client)) }
            }
            cycle = JACKMIDIInputCycle(port: port)
            client.setEvents(cycle)
            try client.activate()
            for name in names { try client.connect(from: name, to: port) }
            sources = names.map { ($0, true) }
            portName = client.fullName(of: port)
        } catch {
            client.close()
            throw error
        }
        self.client = client
        self.map = map
    }

    deinit { client.close() }

    /// A MIDI output's full name: `CLIENT:PORT` as given, or a client's first MIDI output.
    private static func source(named name: String, on client: JACKClient) throws(JACKError) -> String {
        if name.contains(":") {
            guard client.ports(matching: "^" + JACKOutput.escaped(name) + "$", midi: true, inputs: false).contains(name) else {
                throw JACKError(server: client.label, problem: .noSuchSource(name))
            }
            return name
        }
        guard let first = client.ports(matching: "^" + JACKOutput.escaped(name) + ":", midi: true, inputs: false).first else {
            throw JACKError(server: client.label, problem: .noSuchSource(name))
        }
        return first
    }

    public var name: String { "MIDI in: JACK port \(portName)" + (sources.isEmpty ? "" : " from " + sources.map(\.name).joined(separator: ", ")) }

    /// Messages the ring had no room for.
    public var droppedMessages: Int { cycle.dropped.load(ordering: .relaxed) }

    public func poll(into actions: inout [TimedAction], problems: inout [String]) {
        let now = MonotonicClock.now()
        while let message = cycle.queue.pop() {
            let bytes = [message.status, message.data1, message.data2].prefix(Int(message.count))
            switch map.outcome(of: Array(bytes)) {
            case .action(let action, let origin):
                actions.append(TimedAction(action, at: now, from: "MIDI in: \(origin)"))
            case .unmapped(let what):
                if said.insert(what).inserted {
                    problems.append("MIDI in: \(what) is not mapped to an action (see --midi-map); playing goes on")
                }
            case .malformed, .ignored:
                break
            }
        }
        if cycle.gone.load(ordering: .relaxed) {
            if !reportedServer {
                reportedServer = true
                problems.append("MIDI in: JACK server '\(client.label)' went away: no more actions from it; "
                                + "playing goes on (restart the server and theremin to take actions again)")
            }
            return
        }
        // About once a second: a source gone is said once, and connected again when it is back.
        guard now - lastCheck >= 1, !sources.isEmpty else { return }
        lastCheck = now
        for index in sources.indices {
            let exists = client.portExists(sources[index].name)
            if sources[index].connected && !exists {
                sources[index].connected = false
                problems.append("MIDI in: \(sources[index].name) went away; playing goes on, and it is connected "
                                + "again when it is back")
            } else if !sources[index].connected && exists, (try? client.connect(from: sources[index].name, to: cycle.port)) != nil {
                sources[index].connected = true
                problems.append("MIDI in: \(sources[index].name) is back and connected")
            }
        }
    }

    public func close() { client.close() }
}

/// The render side of JACK MIDI in: each short message of the cycle into the ring.
final class JACKMIDIInputCycle: JACKClientEvents, @unchecked Sendable {
    struct Message: BitwiseCopyable {
        var status: UInt8, data1: UInt8, data2: UInt8, count: UInt8
    }

    let port: JACKPort
    let queue = SPSCRing<Message>(capacity: 1_024)
    let gone = Atomic<Bool>(false)
    let dropped = Atomic<Int>(0)

    init(port: JACKPort) { self.port = port }

    /// Render contract: no allocation, locks, I/O or logging. System exclusive and longer messages are left out
    /// (no action comes from them).
    func process(_ cycle: JACKCycle) {
        cycle.forEachMIDIEvent(in: port) { _, bytes in
            guard bytes.count >= 1, bytes.count <= 3 else { return }
            let message = Message(status: bytes[0], data1: bytes.count > 1 ? bytes[1] : 0,
                                  data2: bytes.count > 2 ? bytes[2] : 0, count: UInt8(bytes.count))
            if !queue.push(message) { dropped.add(1, ordering: .relaxed) }
        }
    }

    func bufferSizeChanged(to frames: Int) {}
    func sampleRateChanged(to rate: Int) {}
    func xrun() {}
    func serverShutDown() { gone.store(true, ordering: .relaxed) }
}
