/// What the sound device granted after negotiation: always re-read, never assumed.
public struct AudioFormat: Sendable, Equatable, CustomStringConvertible {
    public enum SampleFormat: String, Sendable {
        /// 32-bit float, little-endian (SND_PCM_FORMAT_FLOAT_LE).
        case float32
        /// 16-bit signed, little-endian (SND_PCM_FORMAT_S16_LE).
        case int16
    }

    public var sampleRate: Int
    public var channels: Int
    public var sampleFormat: SampleFormat
    /// Frames per period: how many the audio thread renders at a time.
    public var periodFrames: Int
    /// Frames the device buffers in all.
    public var bufferFrames: Int

    public var description: String {
        let periodMs = Double(periodFrames) * 1000 / Double(sampleRate)
        return "\(sampleRate) Hz, \(channels) ch, \(sampleFormat.rawValue), period \(periodFrames) frames "
            + "(\(String(format: "%.1f", periodMs)) ms), buffer \(bufferFrames) frames"
    }
}

import Foundation
