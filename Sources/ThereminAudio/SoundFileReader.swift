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
        guard FileManager.default.fileExists(atPath: path) else {
            throw SoundFileError(path: path, problem: "does not exist (check the path)")
        }
        let (file, info): (SoundFileHandle, SoundFileInfo)
        switch SoundFileHandle.open(reading: path) {
        case .success(let opened): (file, info) = opened
        case .failure(let failure):
            throw SoundFileError(path: path, problem: "cannot be read as sound (\(failure.text)); use a WAV, FLAC or OGG file")
        }
        defer { file.close() }
        guard info.channels > 0, info.sampleRate > 0, info.frames >= 0 else {
            throw SoundFileError(path: path, problem: "has no audio")
        }
        guard info.frames < 48_000 * 60 * 60 else {
            throw SoundFileError(path: path, problem: "is longer than an hour; trim it first")
        }
        var samples = [Float](repeating: 0, count: info.frames * info.channels)
        let read = samples.withUnsafeMutableBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            return file.readFrames(into: base, frames: info.frames)
        }
        samples.removeLast(samples.count - read * info.channels)
        self.samples = samples
        self.sampleRate = info.sampleRate
        self.channels = info.channels
    }
}
