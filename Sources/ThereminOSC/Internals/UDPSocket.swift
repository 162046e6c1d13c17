import Glibc
import ThereminCore

/// A UDP socket connected to one endpoint. Connected, unlike liblo's own sending socket, so that the kernel reports
/// an ICMP "port unreachable" as ECONNREFUSED on a later send: a receiver that is not running is noticed.
final class UDPSocket {
    private let socket: FileDescriptor
    let endpoint: OSCEndpoint

    /// Binds a socket for `--osc-in`: every interface (IPv6 and IPv4 together where the kernel can) or the host's.
    /// - Throws: `OSCError.cannotListen` when the host does not resolve or no address can be bound (port taken).
    init(listeningOn address: OSCListenAddress) throws(OSCError) {
        endpoint = OSCEndpoint(host: address.host ?? "*", port: address.port)
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_DGRAM.rawValue)
        hints.ai_flags = AI_PASSIVE
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(address.host, String(address.port), &hints, &list)
        guard status == 0, let first = list else {
            throw .cannotListen(address, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        // Every interface: IPv6 first, made to take IPv4 too, so `localhost` reaches it whichever it resolves to.
        var entries: [UnsafeMutablePointer<addrinfo>] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entries.append(info)
            entry = info.pointee.ai_next
        }
        if address.host == nil { entries.sort { $0.pointee.ai_family == AF_INET6 && $1.pointee.ai_family != AF_INET6 } }
        var reason = "no address"
        for info in entries {
            let fd = Glibc.socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue)
                                      | Int32(SOCK_NONBLOCK.rawValue), info.pointee.ai_protocol)
            guard fd >= 0 else {
                reason = Errno.current.description
                continue
            }
            let opened = FileDescriptor(owning: fd)
            if info.pointee.ai_family == AF_INET6 {
                var off: Int32 = 0
                _ = setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &off, socklen_t(MemoryLayout<Int32>.size))
            }
            if bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 {
                socket = opened
                return
            }
            reason = Errno.current.description
        }
        throw .cannotListen(address, reason: reason)
    }

    /// One waiting datagram into `buffer`, without waiting: its size and its sender, or nil when none waits.
    func receive(into buffer: inout [UInt8]) -> (Int, String)? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let descriptor = socket.rawValue
        let count = buffer.withUnsafeMutableBytes { bytes in
            withUnsafeMutablePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                    SystemCall.retryingInterrupts {
                        recvfrom(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_DONTWAIT), address, &length)
                    }
                }
            }
        }
        guard count >= 0 else { return nil }
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        var service = [CChar](repeating: 0, count: Int(NI_MAXSERV))
        let named = withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getnameinfo($0, length, &host, socklen_t(host.count), &service, socklen_t(service.count),
                            NI_NUMERICHOST | NI_NUMERICSERV)
            }
        }
        func text(_ characters: [CChar]) -> String {
            String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        let sender = named == 0 ? "\(text(host)):\(text(service))" : "an unknown sender"
        return (count, sender)
    }

    /// Closes the socket (safe twice).
    func close() { socket.close() }

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
