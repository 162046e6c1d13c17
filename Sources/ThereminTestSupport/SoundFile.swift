import Foundation

/// Reads the channels of a 16/24-bit PCM WAV file written by theremin (libsndfile's canonical layout), so tests can
/// check rendered sound without depending on the code that wrote it.
public enum SoundFile {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The first channel.
    public static func readMono(path: String) throws -> [Float] {
        try readChannels(path: path)[0]
    }

    /// Every channel, each as its own array.
    public static func readChannels(path: String) throws -> [[Float]] {
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u32(_ i: Int) -> Int { Int(data[i]) | Int(data[i + 1]) << 8 | Int(data[i + 2]) << 16 | Int(data[i + 3]) << 24 }
        func u16(_ i: Int) -> Int { Int(data[i]) | Int(data[i + 1]) << 8 }
        guard data.count > 44, String(decoding: data[0..<4], as: UTF8.self) == "RIFF",
              String(decoding: data[8..<12], as: UTF8.self) == "WAVE" else {
            throw Failure(description: "\(path) is not a WAV file")
        }
        var offset = 12
        var channels = 0, bits = 0
        while offset + 8 <= data.count {
            let id = String(decoding: data[offset..<(offset + 4)], as: UTF8.self)
            let size = u32(offset + 4)
            let body = offset + 8
            if id == "fmt " {
                channels = u16(body + 2)
                bits = u16(body + 14)
            } else if id == "data" {
                guard channels > 0, bits == 16 || bits == 24 else { throw Failure(description: "unsupported WAV layout") }
                let bytes = bits / 8
                let frame = bytes * channels
                let end = min(data.count, body + size)
                var samples = [[Float]](repeating: [], count: channels)
                var i = body
                while i + frame <= end {
                    for channel in 0..<channels {
                        let at = i + channel * bytes
                        if bits == 16 {
                            samples[channel].append(Float(Int16(bitPattern: UInt16(u16(at)))) / 32_768)
                        } else {
                            let raw = Int32(bitPattern: UInt32(data[at]) << 8 | UInt32(data[at + 1]) << 16
                                            | UInt32(data[at + 2]) << 24) >> 8
                            samples[channel].append(Float(raw) / 8_388_608)
                        }
                    }
                    i += frame
                }
                return samples
            }
            offset = body + size + (size & 1)
        }
        throw Failure(description: "\(path) has no data chunk")
    }

    /// Writes `samples` as a 16-bit mono PCM WAV file (e.g. a backing track for a test), without libsndfile.
    public static func writeMono16(_ samples: [Float], sampleRate: Int, to path: String) throws {
        var data = Data()
        func u32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) } }
        func u16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); u32(36 + samples.count * 2); data.append(contentsOf: Array("WAVE".utf8))
        data.append(contentsOf: Array("fmt ".utf8)); u32(16); u16(1); u16(1); u32(sampleRate); u32(sampleRate * 2)
        u16(2); u16(16)
        data.append(contentsOf: Array("data".utf8)); u32(samples.count * 2)
        for sample in samples {
            let value = Int16(clamping: Int((Double(sample) * 32_767).rounded()))
            withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
        }
        try data.write(to: URL(fileURLWithPath: path))
    }
}
