import Foundation

/// An open ALSA PCM (playback or capture), configured for interleaved frames. Owns the handle and closes it.
///
/// Negotiation follows the request as closely as the device allows (48 kHz preferred, 44.1 kHz accepted; float
/// preferred, 16-bit accepted), then re-reads what was granted into `format` (`ALSACalls.configure`).
public final class ALSAPCM {
    public let device: String
    public let format: AudioFormat
    public let direction: Direction
    private var handle: OpaquePointer?

    /// Opens and configures the device.
    /// - Throws: `ALSAError` naming the device, ALSA's reason and a hint.
    public init(request: PlaybackRequest, direction: Direction = .playback) throws(ALSAError) {
        device = request.device
        self.direction = direction
        ALSACalls.silenceLibraryMessages()
        let (pcm, opened) = ALSACalls.openPCM(request.device, capture: direction == .capture)
        guard let pcm else {
            throw ALSAError(operation: "open", code: opened, device: request.device, direction: direction, stage: .opening)
        }
        handle = pcm
        do {
            format = try ALSACalls.configure(pcm, request: request, direction: direction)
        } catch {
            ALSACalls.closePCM(pcm)
            handle = nil
            throw error
        }
    }

    /// Which way the sound goes.
    public enum Direction: Sendable {
        /// To the speaker (`SND_PCM_STREAM_PLAYBACK`).
        case playback
        /// From a microphone or line input (`SND_PCM_STREAM_CAPTURE`).
        case capture
    }

    deinit {
        close()
    }

    /// Closes the device; safe to call twice.
    public func close() {
        if let handle {
            ALSACalls.closePCM(handle)
            self.handle = nil
        }
    }

    /// The raw handle, for the few calls made directly by the audio thread.
    var pcm: OpaquePointer? { handle }
}
