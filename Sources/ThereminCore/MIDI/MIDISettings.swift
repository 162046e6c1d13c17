/// How the theremin's continuous pitch and volume become MIDI: control-side parameters as data.
public struct MIDISettings: Sendable, Equatable {
    /// Which message carries the volume hand.
    public enum VolumeMessage: String, Sendable, CaseIterable {
        /// CC 7, channel volume.
        case cc7
        /// CC 11, expression (the usual choice for a swell within a phrase).
        case cc11
        /// Channel pressure (aftertouch).
        case pressure
    }

    /// How notes are laid out on channels.
    public enum Mode: String, Sendable, CaseIterable {
        /// One channel, one note per phrase, bent (the classic theremin-to-synth setup).
        case single
        /// MIDI Polyphonic Expression 1.0: a lower zone, each note on its own member channel with its own bend,
        /// pressure and CC 74.
        case mpe
    }

    public static let bendRangeSpec = ParameterSpec(name: "midi-bend-range", defaultValue: 48, range: 2...48, unit: "semitones",
                                                    help: "pitch-bend range set on the receiver (±); 48 keeps a glide on one note")

    /// Channel 0…15.
    public var channel: UInt8
    /// ± semitones of a full pitch bend (sent to the receiver as RPN 0).
    public var bendRange: Int
    public var volume: VolumeMessage
    public var mode: Mode
    /// What CC 74 (MPE's slide, the third dimension) follows in MPE mode.
    public var slide: SlideAxis

    public init(channel: UInt8 = 0, bendRange: Int = 48, volume: VolumeMessage = .cc11, mode: Mode = .single,
                slide: SlideAxis = .off) {
        self.channel = channel & 0x0F
        self.bendRange = min(max(bendRange, 2), 48)
        self.volume = volume
        self.mode = mode
        self.slide = slide
    }
}
