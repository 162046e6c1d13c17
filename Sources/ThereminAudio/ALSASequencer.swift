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
        ALSACalls.silenceLibraryMessages()
        let (seq, created): (OpaquePointer, Int32)
        switch ALSACalls.openSequencer() {
        case .success(let opened): (seq, created) = opened
        case .failure(let failure): throw MIDIError(port: port, operation: failure.operation, code: failure.code)
        }
        handle = seq
        sourcePort = created
        if let failure = ALSACalls.connect(seq, from: created, to: port) {
            ALSACalls.closeSequencer(seq)
            handle = nil
            throw MIDIError(port: port, operation: failure.operation, code: failure.code)
        }
    }

    deinit {
        close()
    }

    /// The client and port numbers theremin sends from (for tests and `--verbose`).
    public var address: (client: Int32, port: Int32) {
        guard let handle else { return (-1, -1) }
        return (ALSACalls.clientID(handle), sourcePort)
    }

    public func close() {
        if let handle {
            ALSACalls.closeSequencer(handle)
            self.handle = nil
        }
    }

    public func send(_ message: MIDIMessage) throws {
        guard let handle else { return }
        let result = ALSACalls.send(message, from: sourcePort, on: handle)
        if result < 0 { throw MIDIError(port: port, operation: "send", code: result) }
    }
}
