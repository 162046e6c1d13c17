/// Turns the stream of controls into MIDI the way a synthesizer can follow a theremin: one note-on per phrase (from
/// the hand arriving to the hand leaving), continuous pitch as 14-bit pitch bend around that note, and volume as
/// CC 7, CC 11 or channel pressure. Only changes are sent. When a glide leaves the bend range the note is re-struck
/// at the new pitch.
public struct MIDIPerformer: Sendable {
    public let settings: MIDISettings
    private var note: UInt8?
    private var lastBend: UInt16?
    private var lastVolume: UInt8?

    public init(settings: MIDISettings) {
        self.settings = settings
    }

    /// What to send before playing: the pitch-bend range (RPN 0, then the null RPN so later data entry is ignored)
    /// and the bend centred.
    public func setup() -> [MIDIMessage] {
        MIDIMessage.rpn(channel: settings.channel, parameter: MIDIMessage.bendRangeRPN, value: UInt8(settings.bendRange))
            + [.pitchBend(channel: settings.channel, value: 8_192)]
    }

    /// The messages for the next control.
    public mutating func messages(for control: Control) -> [MIDIMessage] {
        let c = settings.channel
        var out: [MIDIMessage] = []
        guard control.gate, control.frequency > 0 else {
            if let playing = note {
                out.append(.noteOff(channel: c, note: playing, velocity: 0))
                note = nil
            }
            return out
        }
        let midi = min(max(Note.midi(frequency: control.frequency), 0), 127)
        if let playing = note, abs(midi - Double(playing)) > Double(settings.bendRange) {
            out.append(.noteOff(channel: c, note: playing, velocity: 0))
            note = nil
        }
        let volume = MIDIMessage.sevenBit(control.amplitude)
        if note == nil {
            let newNote = UInt8(midi.rounded())
            let bend = bendValue(midi - Double(newNote))
            // Bend and volume first, so the note sounds at its pitch and level from its first moment.
            out.append(.pitchBend(channel: c, value: bend))
            out.append(volumeMessage(volume))
            out.append(.noteOn(channel: c, note: newNote, velocity: max(1, volume)))
            note = newNote
            lastBend = bend
            lastVolume = volume
            return out
        }
        if let playing = note {
            let bend = bendValue(midi - Double(playing))
            if bend != lastBend {
                out.append(.pitchBend(channel: c, value: bend))
                lastBend = bend
            }
        }
        if volume != lastVolume {
            out.append(volumeMessage(volume))
            lastVolume = volume
        }
        return out
    }

    /// Ends a sounding note (stopping, Ctrl-C).
    public mutating func finish() -> [MIDIMessage] {
        guard let playing = note else { return [] }
        note = nil
        return [.noteOff(channel: settings.channel, note: playing, velocity: 0)]
    }

    func bendValue(_ semitones: Double) -> UInt16 {
        MIDIMessage.bendValue(semitones, range: settings.bendRange)
    }

    private func volumeMessage(_ value: UInt8) -> MIDIMessage {
        switch settings.volume {
        case .cc7: return .controlChange(channel: settings.channel, controller: 7, value: value)
        case .cc11: return .controlChange(channel: settings.channel, controller: 11, value: value)
        case .pressure: return .channelPressure(channel: settings.channel, value: value)
        }
    }
}
