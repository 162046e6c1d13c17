import ThereminCore

/// An OSC port that keeps the packets: OSC out without a socket.
public final class MemoryOSCSink: OSCPacketSink {
    /// Every packet sent, in order, and whether it was allowed to wait for room.
    public private(set) var packets: [(packet: OSCPacket, waited: Bool)] = []

    public init() {}

    public func send(_ packet: OSCPacket) { packets.append((packet, false)) }
    public func sendWaiting(_ packet: OSCPacket) { packets.append((packet, true)) }
}
