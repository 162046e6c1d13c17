import Glibc
import ThereminCore

/// Why OSC cannot be sent, said in one line with what to do. None of these stops playing: the caller prints the line
/// and plays on (a receiver that starts later still gets what is sent after it does).
public enum OSCError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The host in `--osc-out` does not resolve, or no UDP socket could be opened to it.
    case badAddress(OSCEndpoint, reason: String)
    /// A send failed: nothing listening (refused), no route, …; `code` is the errno.
    case send(OSCEndpoint, code: Int32, reason: String)

    /// `--osc-in` cannot listen: the host does not resolve, or the port is taken.
    case cannotListen(OSCListenAddress, reason: String)

    public var description: String {
        switch self {
        case .cannotListen(let address, let reason):
            return "OSC in: cannot listen on \(address) (\(reason)): pick a free port with --osc-in [HOST:]PORT"
        case .badAddress(let endpoint, let reason):
            return "OSC out: cannot send to \(endpoint) (\(reason)): check the host in --osc-out HOST:PORT; "
                + "playing goes on without OSC"
        case .send(let endpoint, let code, let reason):
            let remedy = code == ECONNREFUSED ? "start the receiver (nothing listens on that port)"
                                           : "check the receiver's address and the network"
            return "OSC out to \(endpoint): \(reason): \(remedy); playing goes on and sending continues"
        }
    }
}
