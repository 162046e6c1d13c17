import CLiblo
import ThereminCore

/// Every liblo call of the module: a packet becomes one OSC bundle, serialized into bytes.
enum Liblo {
    /// Seconds between the NTP epoch (1900), which OSC time tags count from, and the Unix epoch.
    static let ntpOffset: Double = 2_208_988_800

    /// The OSC time tag of a wall-clock time (seconds since the Unix epoch).
    static func timeTag(_ unixTime: Double) -> lo_timetag {
        let ntp = max(0, unixTime + ntpOffset)
        let seconds = ntp.rounded(.down)
        return lo_timetag(sec: UInt32(clamping: Int64(seconds)), frac: UInt32(clamping: Int64((ntp - seconds) * 4_294_967_296)))
    }

    /// The packet as one bundle's bytes, handed to `body`; nil when liblo could not build it (out of memory).
    static func withBundleBytes<R>(_ packet: OSCPacket, _ body: (UnsafeRawBufferPointer) throws(OSCError) -> R)
        throws(OSCError) -> R? {
        guard let bundle = lo_bundle_new(timeTag(packet.time)) else { return nil }
        defer { lo_bundle_free_recursive(bundle) }
        for message in packet.messages {
            guard let encoded = lo_message_new() else { return nil }
            for argument in message.arguments {
                switch argument {
                case .int(let value): lo_message_add_int32(encoded, value)
                case .float(let value): lo_message_add_float(encoded, value)
                case .string(let value): lo_message_add_string(encoded, value)
                }
            }
            // The bundle owns the message from here (freed by lo_bundle_free_recursive).
            guard lo_bundle_add_message(bundle, message.address, encoded) == 0 else {
                lo_message_free(encoded)
                return nil
            }
        }
        var size = lo_bundle_length(bundle)
        guard size > 0 else { return nil }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        guard lo_bundle_serialise(bundle, buffer.baseAddress, &size) != nil else { return nil }
        return try body(UnsafeRawBufferPointer(rebasing: buffer[0..<size]))
    }

    /// liblo's refusal of a packet: its error code (lo_errors.h).
    struct DecodeFailure: Error {
        let code: Int32
    }

    /// One received message decoded by liblo: its address and its numbers and strings (other types read as a string
    /// naming the type, which no action takes).
    static func decodeMessage(_ packet: UnsafeMutableRawBufferPointer)
        -> Result<(String, [OSCMessage.Argument]), DecodeFailure> {
        guard let base = packet.baseAddress else { return .failure(DecodeFailure(code: 0)) }
        var result: Int32 = 0
        guard let message = lo_message_deserialise(base, packet.count, &result) else {
            return .failure(DecodeFailure(code: result))
        }
        defer { lo_message_free(message) }
        let path = lo_get_path(base, packet.count).map { String(cString: $0) } ?? ""
        let count = Int(lo_message_get_argc(message))
        guard count > 0, let types = lo_message_get_types(message), let argv = lo_message_get_argv(message) else {
            return .success((path, []))
        }
        let arguments = (0..<count).map { index -> OSCMessage.Argument in
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
        return .success((path, arguments))
    }
}
