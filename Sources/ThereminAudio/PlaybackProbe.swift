import Glibc

/// Opens a playback device as live play does, plays one period of silence through it and closes it (`--check`): a
/// device that looks present but cannot play (a server that is down, a busy card) fails here as it would when
/// playing, and one that opens reports the format it granted.
public enum PlaybackProbe {
    /// What the device granted and the server it plays through (nil for none).
    public struct Opened: Sendable {
        public let format: AudioFormat
        public let server: SoundServer?
    }

    /// Opens `request`'s device, writes one period of silence, lets it play out and closes the device.
    /// - Throws: `ALSAError`: at `.opening` when the device does not open (`SoundOutputUnavailable.diagnose` explains
    ///   it), else the step that failed once open.
    public static func play(_ request: PlaybackRequest) throws(ALSAError) -> Opened {
        let pcm = try ALSAPCM(request: request)
        defer { pcm.close() }
        let format = pcm.format
        guard let handle = pcm.pcm else {
            throw ALSAError(operation: "open", code: -EBADF, device: request.device, stage: .opening)
        }
        let stream = PCMStream(handle: handle)
        stream.setBlocking(true)
        let bytesPerSample = format.sampleFormat == .float32 ? 4 : 2
        // Zero bits are silence in both formats.
        let silence = [UInt8](repeating: 0, count: format.periodFrames * format.channels * bytesPerSample)
        let written = silence.withUnsafeBytes { bytes in
            bytes.baseAddress.map { stream.write($0, frames: format.periodFrames) } ?? -Int(EINVAL)
        }
        if written < 0 {
            throw ALSAError(operation: "write a period of silence", code: Int32(written), device: request.device)
        }
        // Below the start threshold (two periods) nothing plays until started.
        _ = stream.start()
        stream.drain()
        return Opened(format: format, server: SoundServer.behind(device: request.device))
    }
}
