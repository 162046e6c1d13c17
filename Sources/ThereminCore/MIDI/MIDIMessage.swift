/// One MIDI channel message, as the performance sends it. Channels are 0…15 here (shown to players as 1…16).
public enum MIDIMessage: Sendable, Equatable {
    case noteOn(channel: UInt8, note: UInt8, velocity: UInt8)
    case noteOff(channel: UInt8, note: UInt8, velocity: UInt8)
    case controlChange(channel: UInt8, controller: UInt8, value: UInt8)
    /// 14-bit pitch bend, 0…16383, 8192 = no bend.
    case pitchBend(channel: UInt8, value: UInt16)
    case channelPressure(channel: UInt8, value: UInt8)
    /// What a foot controller's switch sends in program mode (`--midi-in`'s tests send it the way a controller does).
    case programChange(channel: UInt8, program: UInt8)

    /// The wire bytes (status byte first; no running status).
    public var bytes: [UInt8] {
        switch self {
        case let .noteOn(channel, note, velocity): return [0x90 | channel & 0x0F, note & 0x7F, velocity & 0x7F]
        case let .noteOff(channel, note, velocity): return [0x80 | channel & 0x0F, note & 0x7F, velocity & 0x7F]
        case let .controlChange(channel, controller, value): return [0xB0 | channel & 0x0F, controller & 0x7F, value & 0x7F]
        case let .pitchBend(channel, value):
            let clamped = min(value, 16_383)
            return [0xE0 | channel & 0x0F, UInt8(clamped & 0x7F), UInt8(clamped >> 7)]
        case let .channelPressure(channel, value): return [0xD0 | channel & 0x0F, value & 0x7F]
        case let .programChange(channel, program): return [0xC0 | channel & 0x0F, program & 0x7F]
        }
    }
}

/// Where MIDI goes live: the ALSA sequencer (ThereminAudio), or anything else that takes messages.
public protocol MIDISink: AnyObject {
    /// Sends one message at once. - Throws: when the port is gone.
    func send(_ message: MIDIMessage) throws
}
