import Glibc
import ThereminCore

/// `--osc-in`: the player's actions as OSC messages (`/theremin/next-preset`, …; `OSCActions`), received on a UDP
/// socket of its own and read without waiting whenever the session polls. liblo decodes each message; a packet it
/// refuses, an address theremin does not answer and a message without the value its action needs are each said in
/// one line (once per kind, so a fader on a wrong address does not flood the terminal), and playing goes on.
public final class OSCActionInput: ActionInput {
    public let address: OSCListenAddress
    private let socket: UDPSocket
    private var said: Set<String> = []
    private var buffer = [UInt8](repeating: 0, count: 65_536)

    /// Binds the socket.
    /// - Throws: `OSCError.cannotListen` when the host does not resolve or the port is taken.
    public init(listeningOn address: OSCListenAddress) throws(OSCError) {
        self.address = address
        socket = try UDPSocket(listeningOn: address)
    }

    public var name: String { "OSC in: \(address)" }

    public func poll(into actions: inout [TimedAction], problems: inout [String]) {
        while let (count, sender) = socket.receive(into: &buffer) {
            let now = MonotonicClock.now()
            let outcomes = buffer.withUnsafeMutableBytes { OSCPacketReader.outcomes(of: UnsafeMutableRawBufferPointer(rebasing: $0[0..<count])) }
            for outcome in outcomes {
                switch outcome {
                case .action(let action, let origin):
                    actions.append(TimedAction(action, at: now, from: "OSC in: \(origin)"))
                case .unmapped(let what):
                    sayOnce(what, "OSC in: \(what) from \(sender) is not an action; send \(OSCActions.prefix)ACTION "
                                + "(see --help for the actions); playing goes on", into: &problems)
                case .malformed(let what, let problem):
                    sayOnce(what + problem, "OSC in: \(what) from \(sender) \(problem); ignored, playing goes on",
                            into: &problems)
                case .ignored:
                    break
                }
            }
        }
    }

    private func sayOnce(_ key: String, _ line: String, into problems: inout [String]) {
        guard said.insert(key).inserted else { return }
        problems.append(line)
    }

    public func close() { socket.close() }
}
