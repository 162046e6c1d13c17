import Foundation

/// The sound server an ALSA device plays through, when it plays through one (pipewire-alsa's `pipewire` plugin,
/// alsa-plugins' `pulse`), and whether that server is there: a device routed to a server that is not running fails
/// to open with a reason that names neither ("Host is down"), which a player cannot act on.
public struct SoundServer: Sendable, Equatable, Encodable {
    public enum Kind: String, Sendable, Encodable {
        case pipewire
        case pulseaudio

        /// Its name in a sentence.
        public var name: String { self == .pipewire ? "PipeWire" : "PulseAudio" }

        /// How a player starts it in a desktop session (systemd user units on Debian).
        public var startCommand: String {
            self == .pipewire ? "systemctl --user start pipewire wireplumber" : "systemctl --user start pulseaudio"
        }
    }

    public let kind: Kind
    /// The socket the plugin connects to.
    public let socket: String
    /// Whether something accepted a connection there just now.
    public let running: Bool

    public init(kind: Kind, socket: String, running: Bool) {
        self.kind = kind
        self.socket = socket
        self.running = running
    }

    /// "PipeWire, which is not running (nothing answers at /run/user/1000/pipewire-0)".
    public var notRunningPhrase: String { "\(kind.name), which is not running (nothing answers at \(socket))" }

    /// The server the ALSA device `device` plays through, read from alsa-lib's configuration (the first server
    /// plugin on its way), with its socket found as the plugin finds it; nil when it plays through none.
    public static func behind(device: String,
                              environment: [String: String] = ProcessInfo.processInfo.environment) -> SoundServer? {
        for plugin in ALSACalls.pcmPlugins(device) {
            switch plugin.type {
            case "pipewire": return look(.pipewire, at: pipewireSocket(plugin.server, environment))
            case "pulse": return pulseSocket(plugin.server, environment).map { look(.pulseaudio, at: $0) }
            default: continue
            }
        }
        return nil
    }

    private static func look(_ kind: Kind, at socket: String) -> SoundServer {
        SoundServer(kind: kind, socket: socket, running: SocketCalls.answers(unixSocket: socket))
    }

    /// The runtime folder a user's servers put their sockets in.
    private static func runtimeDirectory(_ environment: [String: String]) -> String {
        environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/run/user/\(getuid())"
    }

    /// PipeWire's socket as libpipewire finds it: the remote's name (the plugin's `server`, else `PIPEWIRE_REMOTE`,
    /// else `pipewire-0`) in `PIPEWIRE_RUNTIME_DIR`, else the runtime folder; an absolute name is the path itself.
    private static func pipewireSocket(_ server: String?, _ environment: [String: String]) -> String {
        let name = [server, environment["PIPEWIRE_REMOTE"]].compactMap { $0 }.first { !$0.isEmpty } ?? "pipewire-0"
        if name.hasPrefix("/") { return name }
        let folder = environment["PIPEWIRE_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? runtimeDirectory(environment)
        return folder + "/" + name
    }

    /// PulseAudio's socket as libpulse finds it: the plugin's `server` or `PULSE_SERVER` when it names a Unix socket
    /// (`unix:/path` or `/path`), else `native` in `PULSE_RUNTIME_PATH`, else in the runtime folder's `pulse`; nil
    /// for a server over the network, which is not looked at.
    private static func pulseSocket(_ server: String?, _ environment: [String: String]) -> String? {
        if let named = [server, environment["PULSE_SERVER"]].compactMap({ $0 }).first(where: { !$0.isEmpty }) {
            let path = named.hasPrefix("unix:") ? String(named.dropFirst(5)) : named
            return path.hasPrefix("/") ? path : nil
        }
        let folder = environment["PULSE_RUNTIME_PATH"].flatMap { $0.isEmpty ? nil : $0 }
            ?? runtimeDirectory(environment) + "/pulse"
        return folder + "/native"
    }
}
