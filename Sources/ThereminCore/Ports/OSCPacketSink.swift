/// The OSC port: where a performance's bundles go (`--osc-out`). ThereminOSC's `OSCSender` conforms (a queue and a
/// thread sending UDP); a test keeps the packets.
public protocol OSCPacketSink: AnyObject {
    /// Queues a packet without waiting; a full queue drops its oldest (played live: a late bundle is useless).
    func send(_ packet: OSCPacket)
    /// Queues a packet, waiting for room: none is dropped (offline, where nobody waits for the sound).
    func sendWaiting(_ packet: OSCPacket)
}
