/// Where `--osc-out` sends: a host name or address and a UDP port, as `HOST:PORT` (`[::1]:9000` for IPv6).
/// Only the form is checked here; whether the host resolves is found out when the sender starts.
public struct OSCEndpoint: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: UInt16

    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Parses `HOST:PORT`; nil when there is no host, no port, or the port is not 1 to 65535.
    public init?(parsing text: String) {
        var host: Substring
        let portText: Substring
        if text.hasPrefix("[") {
            // [v6-address]:port
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            portText = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":") else { return nil }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
            // A bare IPv6 address has colons of its own: it needs brackets to say where the port starts.
            if host.contains(":") { return nil }
        }
        host = host.drop(while: { $0 == " " })
        guard !host.isEmpty, !host.contains(" "), portText.allSatisfy(\.isASCII), let port = UInt16(portText), port > 0
        else { return nil }
        self.host = String(host)
        self.port = port
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
