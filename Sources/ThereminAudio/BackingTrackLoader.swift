import Foundation
import ThereminCore

/// Prepares a backing track before playback starts: decodes the file with libsndfile, resamples it to the output
/// rate with libsamplerate (sinc, medium quality) and splits it into left and right, so starting is instant and the
/// audio thread only reads memory.
public enum BackingTrackLoader: BackingTrackLoading {
    /// Crossfade at the loop seam.
    public static let loopCrossfadeSeconds = 0.02

    /// - Parameters:
    ///   - path: a WAV, FLAC, OGG, AIFF… file.
    ///   - sampleRate: the rate the track will be played at.
    ///   - loops: repeat it (with a crossfaded seam).
    /// - Throws: `SoundFileError` for a missing, unreadable or silent file, or a resampling failure.
    public static func load(path: String, sampleRate: Int, loops: Bool) throws -> BackingTrack {
        let contents = try SoundFileContents(path: path)
        guard contents.frames > 0 else {
            throw SoundFileError(path: path, problem: "has no audio frames; pick a file with sound in it")
        }
        var (left, right) = stereo(contents)
        if contents.sampleRate != sampleRate {
            left = try resample(left, from: contents.sampleRate, to: sampleRate, path: path)
            right = try resample(right, from: contents.sampleRate, to: sampleRate, path: path)
        }
        return BackingTrack(left: left, right: right, loops: loops,
                            crossfadeFrames: Int(loopCrossfadeSeconds * Double(sampleRate)))
    }

    /// Mono plays on both sides; stereo as it is; more channels keep their first two.
    static func stereo(_ contents: SoundFileContents) -> (left: [Float], right: [Float]) {
        let channels = contents.channels
        let frames = contents.frames
        var left = [Float](repeating: 0, count: frames)
        var right = [Float](repeating: 0, count: frames)
        for frame in 0..<frames {
            left[frame] = contents.samples[frame * channels]
            right[frame] = contents.samples[frame * channels + (channels > 1 ? 1 : 0)]
        }
        return (left, right)
    }

    /// Resamples one channel with libsamplerate (`SampleRateConversion`).
    static func resample(_ input: [Float], from sourceRate: Int, to targetRate: Int, path: String) throws -> [Float] {
        switch SampleRateConversion.resample(input, ratio: Double(targetRate) / Double(sourceRate)) {
        case .success(let output): return output
        case .failure(let failure):
            throw SoundFileError(path: path, problem: "cannot be resampled from \(sourceRate) to \(targetRate) Hz: \(failure.text)")
        }
    }
}
