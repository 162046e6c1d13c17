import Glibc
import ThereminCore

/// A UDP socket connected to one endpoint. Connected, unlike liblo's own sending socket, so that the kernel reports
/// an ICMP "port unreachable" as ECONNREFUSED on a later send: a receiver that is not running is noticed.
final class UDPSocket {
    private let socket: FileDescriptor
    let endpoint: OSCEndpoint

    /// Resolves the host (IPv4 or IPv6) and connects to the first address that accepts.
    /// - Throws: `OSCError.badAddress` when the name does not resolve or no socket connects.
    init(connectingTo endpoint: OSCEndpoint) throws(OSCError) {
        self.endpoint = endpoint
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_DGRAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(endpoint.host, String(endpoint.port), &hints, &list)
        guard status == 0, let first = list else {
            throw .badAddress(endpoint, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        var reason = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            let fd = Glibc.socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue),
                                  info.pointee.ai_protocol)
            if fd >= 0 {
                let opened = FileDescriptor(owning: fd)
                if connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 {
                    socket = opened
                    return
                }
                reason = Errno.current.description
            } else {
                reason = Errno.current.description
            }
            entry = info.pointee.ai_next
        }
        throw .badAddress(endpoint, reason: reason)
    }

    /// Sends one datagram without waiting (a full socket buffer is a failed send, not a wait).
    /// - Throws: `OSCError.send` with the errno (ECONNREFUSED once the receiver's port answered "unreachable").
    func send(_ bytes: UnsafeRawBufferPointer) throws(OSCError) {
        let descriptor = socket.rawValue
        let sent = SystemCall.retryingInterrupts {
            Glibc.send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
        }
        guard sent < 0 else { return }
        let failure = Errno.current
        throw .send(endpoint, code: failure.rawValue, reason: failure.description)
    }
}
