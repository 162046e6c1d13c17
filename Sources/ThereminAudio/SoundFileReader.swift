import CSndfile
import Foundation

/// A whole sound file decoded to interleaved floats with libsndfile (WAV, FLAC, OGG, AIFF, …).
public struct SoundFileContents: Sendable {
    public var samples: [Float]
    public var sampleRate: Int
    public var channels: Int
    public var frames: Int { channels > 0 ? samples.count / channels : 0 }

    /// Reads and decodes `path`.
    /// - Throws: `SoundFileError` for a missing, unreadable or non-audio file.
    public init(path: String) throws {
        var info = SF_INFO()
        guard FileManager.default.fileExists(atPath: path) else {
            throw SoundFileError(path: path, problem: "does not exist (check the path)")
        }
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            throw SoundFileError(path: path, problem: "cannot be read as sound (\(String(cString: sf_strerror(nil)))); use a WAV, FLAC or OGG file")
        }
        defer { sf_close(file) }
        guard info.channels > 0, info.samplerate > 0, info.frames >= 0 else {
            throw SoundFileError(path: path, problem: "has no audio")
        }
        guard info.frames < 48_000 * 60 * 60 else {
            throw SoundFileError(path: path, problem: "is longer than an hour; trim it first")
        }
        var samples = [Float](repeating: 0, count: Int(info.frames) * Int(info.channels))
        let read = samples.withUnsafeMutableBufferPointer { buffer -> sf_count_t in
            guard let base = buffer.baseAddress else { return 0 }
            return sf_readf_float(file, base, info.frames)
        }
        samples.removeLast(samples.count - Int(read) * Int(info.channels))
        self.samples = samples
        self.sampleRate = Int(info.samplerate)
        self.channels = Int(info.channels)
    }
}
