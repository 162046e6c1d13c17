import ThereminCore

/// Decodes one received UDP packet with liblo: a message, or a bundle of messages and bundles (read in order; their
/// time tags are not waited for: an action is done when it comes).
enum OSCPacketReader {
    static func outcomes(of packet: UnsafeMutableRawBufferPointer) -> [ActionOutcome] {
        var outcomes: [ActionOutcome] = []
        read(packet, depth: 0, into: &outcomes)
        return outcomes
    }

    private static let bundleTag = Array("#bundle\0".utf8)

    private static func read(_ packet: UnsafeMutableRawBufferPointer, depth: Int, into outcomes: inout [ActionOutcome]) {
        guard packet.count > 0 else {
            outcomes.append(.malformed(what: "a packet", problem: "is empty"))
            return
        }
        if packet.count >= 16, packet.prefix(8).elementsEqual(bundleTag) {
            guard depth < 8 else {
                outcomes.append(.malformed(what: "a bundle", problem: "nests bundles too deep"))
                return
            }
            // "#bundle", the time tag, then elements: a big-endian size and that many bytes each.
            var offset = 16
            while offset < packet.count {
                guard offset + 4 <= packet.count else {
                    outcomes.append(.malformed(what: "a bundle", problem: "ends inside an element's size"))
                    return
                }
                let size = packet[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
                offset += 4
                guard size > 0, size % 4 == 0, offset + size <= packet.count else {
                    outcomes.append(.malformed(what: "a bundle", problem: "has an element of size \(size) that does not fit"))
                    return
                }
                read(UnsafeMutableRawBufferPointer(rebasing: packet[offset..<offset + size]), depth: depth + 1,
                     into: &outcomes)
                offset += size
            }
            return
        }
        switch Liblo.decodeMessage(packet) {
        case .success(let (path, arguments)):
            outcomes.append(OSCActions.outcome(address: path, arguments: arguments))
        case .failure(let failure):
            outcomes.append(.malformed(what: "a packet", problem: "is not an OSC message (\(reason(failure.code)))"))
        }
    }

    /// liblo's error codes (lo_errors.h), in words.
    private static func reason(_ code: Int32) -> String {
        switch code {
        case 9901: "no address"
        case 9902, 9909, 9910: "bad or missing type tags"
        case 9908: "its address is not a path"
        case 9911: "its arguments do not fit its size"
        case 9913: "a string is not terminated"
        case 9914: "bad padding"
        default: "liblo error \(code)"
        }
    }
}
