import ThereminCore

/// `--midi-in CLIENT:PORT` on the ALSA sequencer (where the kernel has one: /dev/snd/seq): theremin's input port
/// subscribed to the player's controller, read without waiting whenever the session polls, each message an action
/// through the `MIDIActionMap`. A controller unplugged mid-set is said once, and subscribed again when it is back.
public final class ALSASequencerInput: ActionInput {
    public let source: String
    private var handle: OpaquePointer?
    private let port: Int32
    private let map: MIDIActionMap
    private var address: (client: Int32, port: Int32)?
    private var said: Set<String> = []

    /// Opens an input client and subscribes its port to `source` (`CLIENT:PORT` or a client's name).
    /// - Throws: `MIDIError` when there is no sequencer or no such port.
    public init(connectingFrom source: String, map: MIDIActionMap) throws {
        self.source = source
        self.map = map
        ALSACalls.silenceLibraryMessages()
        switch ALSACalls.openSequencerInput() {
        case .success(let opened): (handle, port) = opened
        case .failure(let failure): throw MIDIError(port: source, operation: failure.operation, code: failure.code)
        }
        guard let handle else { throw MIDIError(port: source, operation: "open the ALSA sequencer", code: -1) }
        switch ALSACalls.connect(handle, from: source, to: port) {
        case .success(let found): address = found
        case .failure(let failure):
            close()
            throw MIDIError(port: source, operation: failure.operation, code: failure.code)
        }
    }

    deinit { close() }

    public var name: String { "MIDI in: ALSA sequencer from \(source)" }

    public func poll(into actions: inout [TimedAction], problems: inout [String]) {
        guard let handle else { return }
        let now = MonotonicClock.now()
        while let event = ALSACalls.nextInputEvent(handle) {
            switch event {
            case .message(let bytes):
                switch map.outcome(of: bytes) {
                case .action(let action, let origin): actions.append(TimedAction(action, at: now, from: "MIDI in: \(origin)"))
                case .unmapped(let what):
                    if said.insert(what).inserted {
                        problems.append("MIDI in: \(what) is not mapped to an action (see --midi-map); playing goes on")
                    }
                case .malformed, .ignored: break
                }
            case .portExit(let client, let port):
                guard let address, address == (client, port) else { continue }
                self.address = nil
                problems.append("MIDI in: \(source) went away; playing goes on, and it is connected again when it is back")
            case .portStart:
                guard address == nil, case .success(let found) = ALSACalls.connect(handle, from: source, to: port) else { continue }
                address = found
                problems.append("MIDI in: \(source) is back and connected")
            case .other:
                break
            }
        }
    }

    public func close() {
        guard let handle else { return }
        ALSACalls.closeSequencerInput(handle)
        self.handle = nil
    }
}
