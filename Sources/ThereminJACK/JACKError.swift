import ThereminCore

/// A JACK problem: what failed, on which server or port, JACK's reason and what to do.
public struct JACKError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Problem: Sendable, Equatable {
        /// No server answered (`jack_client_open` with JackServerFailed).
        case noServer
        /// The server refused the client or a port (another JACK status, or a port it would not register).
        case refused(String)
        /// A port named with --jack-connect or --midi-out does not exist.
        case noSuchPort(String)
        /// A MIDI source named with --midi-in jack:PORT does not exist.
        case noSuchSource(String)
        /// Connecting to an existing port failed.
        case connect(String, to: String)
        /// The server went away while theremin was sending to it.
        case lost
    }

    public let server: String
    public let problem: Problem

    public init(server: String, problem: Problem) {
        self.server = server
        self.problem = problem
    }

    public var description: String {
        let on = "JACK server '\(server)'"
        switch problem {
        case .noServer:
            return "\(on) is not running: start it (`jackd -d alsa`, QjackCtl or Cadence), or play through ALSA with --audio alsa"
        case .refused(let what):
            return "\(on) refused \(what): check the server's log (`journalctl --user` or QjackCtl's messages)"
        case .noSuchPort(let port):
            return "\(on) has no input port '\(port)': list them with `jack_lsp -p` or `theremin --list-devices`, "
                + "and pass CLIENT:PORT or a client's name to --jack-connect"
        case .noSuchSource(let port):
            return "\(on) has no MIDI output port '\(port)': list them with `jack_lsp -t`, and pass CLIENT:PORT or a "
                + "client's name to --midi-in jack:"
        case .connect(let from, let to):
            return "\(on) would not connect \(from) to \(to): check the port types with `jack_lsp -t`"
        case .lost:
            return "\(on) went away: restart it and theremin to send MIDI again"
        }
    }
}

extension JACKError: ReportableError {
    /// No server, a missing port or a refusal at start-up are the player's to fix: input errors, exit status 2; a
    /// server lost mid-run is a runtime failure.
    public var failureKind: FailureKind { problem == .lost ? .runtime : .input }
}
