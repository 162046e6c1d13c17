/// A Standard MIDI File (format 0: one track) encoded in memory: the header chunk, a tempo event, the messages with
/// variable-length delta times, and the end-of-track event.
public struct StandardMIDIFile: Sendable {
    /// Ticks per quarter note.
    public var division: UInt16
    /// Microseconds per quarter note (500 000 = 120 beats per minute).
    public var tempo: UInt32
    /// Messages with their time in seconds from the start, in time order.
    public var events: [(time: Double, message: MIDIMessage)]

    public init(division: UInt16 = 480, tempo: UInt32 = 500_000, events: [(time: Double, message: MIDIMessage)] = []) {
        self.division = division
        self.tempo = tempo
        self.events = events
    }

    /// Ticks per second at this tempo and division.
    public var ticksPerSecond: Double { Double(division) * 1_000_000 / Double(tempo) }

    /// The file's bytes.
    public func encoded() -> [UInt8] {
        var track: [UInt8] = []
        // Tempo meta event at time 0.
        track += [0x00, 0xFF, 0x51, 0x03, UInt8(tempo >> 16 & 0xFF), UInt8(tempo >> 8 & 0xFF), UInt8(tempo & 0xFF)]
        var previousTick = 0
        for event in events {
            let tick = max(previousTick, Int((max(0, event.time) * ticksPerSecond).rounded()))
            track += StandardMIDIFile.variableLength(tick - previousTick)
            track += event.message.bytes
            previousTick = tick
        }
        track += [0x00, 0xFF, 0x2F, 0x00]

        var file: [UInt8] = Array("MThd".utf8)
        file += StandardMIDIFile.bigEndian(UInt32(6))
        file += [0x00, 0x00, 0x00, 0x01, UInt8(division >> 8), UInt8(division & 0xFF)]
        file += Array("MTrk".utf8)
        file += StandardMIDIFile.bigEndian(UInt32(track.count))
        return file + track
    }

    /// MIDI's variable-length quantity: 7 bits a byte, most significant first, the high bit set on all but the last.
    public static func variableLength(_ value: Int) -> [UInt8] {
        var remaining = UInt32(clamping: max(0, value)) & 0x0FFF_FFFF
        var bytes = [UInt8(remaining & 0x7F)]
        remaining >>= 7
        while remaining > 0 {
            bytes.insert(UInt8(remaining & 0x7F) | 0x80, at: 0)
            remaining >>= 7
        }
        return bytes
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// The performance of a replay plan as a file: the setup messages at 0, then the messages of each control at
    /// its sample time, and a final note-off. `slides` holds the slide axis's value for each entry of the schedule
    /// (`SlideAxis.values(in:handMode:)`; entries past its end have none).
    public static func performance(_ schedule: [TimedControl], slides: [Double?] = [], sampleRate: Double,
                                   settings: MIDISettings) -> StandardMIDIFile {
        var performer = MIDIPerformance(settings: settings)
        var events = performer.setup().map { (time: 0.0, message: $0) }
        var last = 0.0
        for (index, entry) in schedule.enumerated() {
            last = Double(entry.sampleIndex) / sampleRate
            let slide = index < slides.count ? slides[index] : nil
            events += performer.messages(for: entry.control, slide: slide).map { (time: last, message: $0) }
        }
        events += performer.finish().map { (time: last, message: $0) }
        return StandardMIDIFile(events: events)
    }
}
