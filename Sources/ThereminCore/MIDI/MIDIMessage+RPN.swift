/// Registered parameter numbers, the way receivers are told a bend range (RPN 0) or an MPE zone (RPN 6).
extension MIDIMessage {
    /// RPN 0: pitch-bend sensitivity.
    public static let bendRangeRPN: UInt8 = 0
    /// RPN 6: the MPE Configuration Message (MPE 1.0, section 2.1.1).
    public static let mpeConfigurationRPN: UInt8 = 6

    /// Sets registered parameter `parameter` (MSB 0) on `channel` to `value` (data entry MSB, LSB 0), then selects the
    /// null RPN (127/127) so that a later stray data entry changes nothing.
    public static func rpn(channel: UInt8, parameter: UInt8, value: UInt8) -> [MIDIMessage] {
        [.controlChange(channel: channel, controller: 101, value: 0),
         .controlChange(channel: channel, controller: 100, value: parameter),
         .controlChange(channel: channel, controller: 6, value: value),
         .controlChange(channel: channel, controller: 38, value: 0),
         .controlChange(channel: channel, controller: 101, value: 127),
         .controlChange(channel: channel, controller: 100, value: 127)]
    }

    /// 8192 + semitones / range · 8192, clamped to 14 bits: the bend that plays `semitones` from the note.
    public static func bendValue(_ semitones: Double, range: Int) -> UInt16 {
        let value = 8_192 + (semitones / Double(range) * 8_192).rounded()
        return UInt16(min(max(value, 0), 16_383))
    }

    /// A level in [0,1] as a 7-bit controller value.
    static func sevenBit(_ level: Double) -> UInt8 {
        UInt8((min(max(level, 0), 1) * 127).rounded())
    }
}
