/// Where `--osc-in` listens: `PORT` (every interface, for a tablet or phone on the stage's network) or `HOST:PORT`
/// (one interface: `127.0.0.1:9000` for programs on this machine only; `[::1]:9000` for IPv6).
public struct OSCListenAddress: Sendable, Equatable, CustomStringConvertible {
    /// nil: every interface.
    public var host: String?
    public var port: UInt16

    public init(host: String?, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Parses `PORT` or `HOST:PORT`; nil when the port is not 1 to 65535 or the host is empty.
    public init?(parsing text: String) {
        if !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) {
            guard let port = UInt16(text), port > 0 else { return nil }
            self.init(host: nil, port: port)
            return
        }
        guard let endpoint = OSCEndpoint(parsing: text) else { return nil }
        self.init(host: endpoint.host, port: endpoint.port)
    }

    public var description: String {
        guard let host else { return "port \(port)" }
        return OSCEndpoint(host: host, port: port).description
    }
}
