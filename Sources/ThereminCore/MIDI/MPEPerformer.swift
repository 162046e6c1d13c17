/// Turns the stream of controls into MIDI Polyphonic Expression 1.0 for a lower zone: channel 1 is the zone's
/// manager, channels 2…16 its members. Each note (a phrase, from the volume hand opening the gate to it closing)
/// goes to the next member channel in turn, so a new note never inherits the bend, pressure or slide of the one
/// still ringing out on the synth's release. Within a note the pitch glides as that channel's 14-bit bend over
/// ±48 semitones (0.59 cent steps), loudness is its channel pressure and the slide axis its CC 74: a legato glide
/// is one note, never re-struck, unless it wanders more than the bend range from where it started.
public struct MPEPerformer: Sendable {
    /// The lower zone's manager channel (channel 1 on the wire's 0…15).
    public static let managerChannel: UInt8 = 0
    /// Members: every other channel, 2…16.
    public static let memberChannels: [UInt8] = Array(1...15)
    /// CC 74, MPE's third dimension ("slide", "timbre").
    public static let slideController: UInt8 = 74

    public let settings: MIDISettings
    private var sounding: (channel: UInt8, note: UInt8)?
    private var nextMember = 0
    private var lastBend: UInt16?
    private var lastPressure: UInt8?
    private var lastSlide: UInt8?

    public init(settings: MIDISettings) {
        self.settings = settings
    }

    /// What to send before playing: the MPE Configuration Message (RPN 6 on the manager channel: 15 members),
    /// then the bend range (RPN 0) and a centred bend on every member channel.
    public func setup() -> [MIDIMessage] {
        var out = MIDIMessage.rpn(channel: MPEPerformer.managerChannel, parameter: MIDIMessage.mpeConfigurationRPN,
                                  value: UInt8(MPEPerformer.memberChannels.count))
        for channel in MPEPerformer.memberChannels {
            out += MIDIMessage.rpn(channel: channel, parameter: MIDIMessage.bendRangeRPN, value: UInt8(settings.bendRange))
            out.append(.pitchBend(channel: channel, value: 8_192))
        }
        return out
    }

    /// The messages for the next control, with the slide axis's value (nil: unchanged).
    public mutating func messages(for control: Control, slide: Double?) -> [MIDIMessage] {
        var out: [MIDIMessage] = []
        guard control.gate, control.frequency > 0 else {
            out += finish()
            return out
        }
        let midi = min(max(Note.midi(frequency: control.frequency), 0), 127)
        if let playing = sounding, abs(midi - Double(playing.note)) > Double(settings.bendRange) {
            out += finish()
        }
        let pressure = MIDIMessage.sevenBit(control.amplitude)
        let slideValue = slide.map(MIDIMessage.sevenBit)
        guard let playing = sounding else {
            let channel = MPEPerformer.memberChannels[nextMember]
            nextMember = (nextMember + 1) % MPEPerformer.memberChannels.count
            let note = UInt8(midi.rounded())
            let bend = MIDIMessage.bendValue(midi - Double(note), range: settings.bendRange)
            // The note's bend, pressure and slide before its note-on, as MPE asks: it starts at its pitch and level.
            out.append(.pitchBend(channel: channel, value: bend))
            out.append(.channelPressure(channel: channel, value: pressure))
            if let slideValue { out.append(.controlChange(channel: channel, controller: MPEPerformer.slideController, value: slideValue)) }
            out.append(.noteOn(channel: channel, note: note, velocity: max(1, pressure)))
            sounding = (channel, note)
            (lastBend, lastPressure, lastSlide) = (bend, pressure, slideValue)
            return out
        }
        let bend = MIDIMessage.bendValue(midi - Double(playing.note), range: settings.bendRange)
        if bend != lastBend {
            out.append(.pitchBend(channel: playing.channel, value: bend))
            lastBend = bend
        }
        if pressure != lastPressure {
            out.append(.channelPressure(channel: playing.channel, value: pressure))
            lastPressure = pressure
        }
        if let slideValue, slideValue != lastSlide {
            out.append(.controlChange(channel: playing.channel, controller: MPEPerformer.slideController, value: slideValue))
            lastSlide = slideValue
        }
        return out
    }

    /// Ends a sounding note (the gate closing, stopping, Ctrl-C).
    public mutating func finish() -> [MIDIMessage] {
        guard let playing = sounding else { return [] }
        sounding = nil
        return [.noteOff(channel: playing.channel, note: playing.note, velocity: 0)]
    }
}
