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
}
