import ThereminCore

/// The UDP sender as the session's OSC port.
extension OSCSender: OSCPacketSink {}
