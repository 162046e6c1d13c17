import CLiblo
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
        guard let base = packet.baseAddress, packet.count > 0 else {
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
        var result: Int32 = 0
        guard let message = lo_message_deserialise(base, packet.count, &result) else {
            outcomes.append(.malformed(what: "a packet", problem: "is not an OSC message (\(reason(result)))"))
            return
        }
        defer { lo_message_free(message) }
        let path = lo_get_path(base, packet.count).map { String(cString: $0) } ?? ""
        outcomes.append(OSCActions.outcome(address: path, arguments: arguments(of: message)))
    }

    /// The message's numbers and strings (other types read as a string naming the type, which no action takes).
    private static func arguments(of message: lo_message) -> [OSCMessage.Argument] {
        let count = Int(lo_message_get_argc(message))
        guard count > 0, let types = lo_message_get_types(message), let argv = lo_message_get_argv(message) else {
            return []
        }
        return (0..<count).map { index -> OSCMessage.Argument in
            guard let argument = argv[index] else { return .string("") }
            switch UInt8(bitPattern: types[index]) {
            case UInt8(ascii: "i"): return .int(argument.pointee.i)
            case UInt8(ascii: "f"): return .float(argument.pointee.f)
            case UInt8(ascii: "d"): return .float(Float(argument.pointee.d))
            case UInt8(ascii: "h"): return .int(Int32(clamping: argument.pointee.h))
            case UInt8(ascii: "T"): return .int(1)
            case UInt8(ascii: "F"): return .int(0)
            default: return .string("type \(Character(UnicodeScalar(UInt8(bitPattern: types[index]))))")
            }
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
