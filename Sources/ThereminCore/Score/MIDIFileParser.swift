/// Reads the chunks and events of a Standard MIDI File (format 0 or 1, ticks per quarter note): the note-ons and
/// note-offs of each track with running status, and the tempo, time-signature and track-name meta events. System
/// exclusive events and other meta events are skipped by their lengths; unknown chunks by theirs.
struct MIDIFileParser {
    enum Event: Equatable {
        case noteOn(channel: Int, key: Int, velocity: Int)
        case noteOff(channel: Int, key: Int)
        /// Microseconds per quarter note.
        case tempo(Int)
        case timeSignature(beats: Int, unit: Int)
        case trackName(String)
    }

    struct Track {
        var events: [(tick: Int, event: Event)] = []
        var name: String? {
            for case (_, .trackName(let name)) in events { return name }
            return nil
        }
    }

    /// A problem with the bytes, phrased for `ScoreError`, and what to do about it.
    struct Malformed: Error {
        let problem: String
        var remedy = "save the score again as a Standard MIDI File (format 0 or 1)"

        var description: String { problem + "; " + remedy }
    }

    let format: Int
    /// Ticks per quarter note.
    let division: Int
    let tracks: [Track]

    /// - Throws: `Malformed` naming what is wrong and where.
    init(_ bytes: [UInt8]) throws(Malformed) {
        do {
            (format, division, tracks) = try MIDIFileParser.chunks(bytes)
        } catch let error as Malformed {
            throw error
        } catch {
            throw Malformed(problem: "the file ends early (it is cut short or not a MIDI file)")
        }
    }

    private static func chunks(_ bytes: [UInt8]) throws -> (format: Int, division: Int, tracks: [Track]) {
        var reader = ByteReader(bytes: bytes)
        guard reader.remaining >= 14, Array(bytes[0..<4]) == Array("MThd".utf8) else {
            throw Malformed(problem: "not a Standard MIDI File (no MThd header)")
        }
        reader.offset = 4
        let headerLength = try reader.uint32()
        guard headerLength >= 6 else { throw Malformed(problem: "its header is \(headerLength) bytes, not 6") }
        let format = try reader.uint16()
        let count = try reader.uint16()
        let rawDivision = try reader.uint16()
        try reader.skip(headerLength - 6)
        guard format <= 1 else {
            throw Malformed(problem: "it is a format \(format) MIDI file, and theremin reads formats 0 and 1",
                            remedy: "save it as one of those")
        }
        guard rawDivision & 0x8000 == 0, rawDivision > 0 else {
            throw Malformed(problem: "it is timed in SMPTE frames, and theremin reads files timed in ticks per quarter note",
                            remedy: "save it with a tempo (ticks per quarter note)")
        }
        var tracks: [Track] = []
        while tracks.count < count, reader.remaining >= 8 {
            let id = try reader.bytes(4)
            let length = try reader.uint32()
            guard length <= reader.remaining else {
                throw Malformed(problem: "track \(tracks.count + 1) is cut short (\(length) bytes announced, \(reader.remaining) left)")
            }
            let body = try reader.bytes(length)
            guard id == Array("MTrk".utf8) else { continue }  // chunks of unknown types are skipped
            tracks.append(try MIDIFileParser.track(body, number: tracks.count + 1))
        }
        guard !tracks.isEmpty else { throw Malformed(problem: "it has no tracks") }
        return (format, rawDivision, tracks)
    }

    /// The events of one track chunk, with running status.
    private static func track(_ body: [UInt8], number: Int) throws -> Track {
        var reader = ByteReader(bytes: body)
        var track = Track()
        var tick = 0
        var running: UInt8?
        func cut() -> Malformed { Malformed(problem: "track \(number) ends in the middle of an event at tick \(tick)") }
        do {
            while reader.remaining > 0 {
                tick += try reader.variableLength()
                var status = try reader.byte()
                var first: UInt8?
                if status < 0x80 {
                    guard let running else {
                        throw Malformed(problem: "track \(number) has data byte \(status) at tick \(tick) with no status before it")
                    }
                    first = status
                    status = running
                }
                switch status {
                case 0xFF:
                    let type = try reader.byte()
                    let data = try reader.bytes(try reader.variableLength())
                    if type == 0x2F { return track }
                    if let event = meta(type: type, data: data) { track.events.append((tick, event)) }
                    if type == 0x51, data.count == 3, data.allSatisfy({ $0 == 0 }) {
                        throw Malformed(problem: "track \(number) sets a tempo of 0 at tick \(tick)",
                                        remedy: "fix the tempo in the score")
                    }
                case 0xF0, 0xF7:
                    try reader.skip(try reader.variableLength())
                    running = nil
                case 0x80...0xEF:
                    running = status
                    let one = try first ?? reader.byte()
                    let kind = status >> 4, channel = Int(status & 0x0F)
                    let two = kind == 0xC || kind == 0xD ? 0 : try reader.byte()
                    if kind == 0x9, two > 0 {
                        track.events.append((tick, .noteOn(channel: channel, key: Int(one), velocity: Int(two))))
                    } else if kind == 0x8 || kind == 0x9 {
                        track.events.append((tick, .noteOff(channel: channel, key: Int(one))))
                    }
                default:
                    throw Malformed(problem: "track \(number) has status byte \(status) at tick \(tick), which is not a MIDI file event")
                }
            }
        } catch is ByteReader.End {
            throw cut()
        }
        return track
    }

    private static func meta(type: UInt8, data: [UInt8]) -> Event? {
        switch type {
        case 0x03: return .trackName(String(decoding: data, as: UTF8.self))
        case 0x51 where data.count == 3:
            let tempo = Int(data[0]) << 16 | Int(data[1]) << 8 | Int(data[2])
            return tempo > 0 ? .tempo(tempo) : nil
        case 0x58 where data.count >= 2 && data[0] > 0 && data[1] < 8:
            return .timeSignature(beats: Int(data[0]), unit: 1 << Int(data[1]))
        default: return nil
        }
    }
}

/// Big-endian numbers and MIDI's variable-length quantities from a byte array, failing at its end.
struct ByteReader {
    struct End: Error {}
    let bytes: [UInt8]
    var offset = 0

    var remaining: Int { bytes.count - offset }

    mutating func byte() throws(ByteReader.End) -> UInt8 {
        guard offset < bytes.count else { throw End() }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func bytes(_ count: Int) throws(ByteReader.End) -> [UInt8] {
        guard count >= 0, count <= remaining else { throw End() }
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    mutating func skip(_ count: Int) throws(ByteReader.End) { _ = try bytes(count) }

    mutating func uint16() throws(ByteReader.End) -> Int { Int(try byte()) << 8 | Int(try byte()) }

    mutating func uint32() throws(ByteReader.End) -> Int { try uint16() << 16 | (try uint16()) }

    /// 7 bits a byte, most significant first, the high bit set on all but the last (at most 4 bytes).
    mutating func variableLength() throws(ByteReader.End) -> Int {
        var value = 0
        for _ in 0..<4 {
            let next = try byte()
            value = value << 7 | Int(next & 0x7F)
            if next & 0x80 == 0 { return value }
        }
        throw End()
    }
}
