import CALSA
import Foundation

/// An open ALSA PCM (playback or capture), configured for interleaved frames. Owns the handle and closes it.
///
/// Negotiation follows the request as closely as the device allows (48 kHz preferred, 44.1 kHz accepted; float
/// preferred, 16-bit accepted), then re-reads what was granted into `format`.
public final class ALSAPCM {
    public let device: String
    public let format: AudioFormat
    public let stream: snd_pcm_stream_t
    private var handle: OpaquePointer?

    /// Opens and configures the device.
    /// - Throws: `ALSAError` naming the device, ALSA's reason and a hint.
    public init(request: PlaybackRequest, stream: snd_pcm_stream_t = SND_PCM_STREAM_PLAYBACK) throws(ALSAError) {
        device = request.device
        self.stream = stream
        theremin_alsa_silence_library_messages()
        var pcm: OpaquePointer?
        let opened = snd_pcm_open(&pcm, request.device, stream, SND_PCM_NONBLOCK)
        guard opened >= 0, let pcm else {
            var error = ALSAError(operation: "open", code: opened, device: request.device)
            error.failureKind = .input
            throw error
        }
        handle = pcm
        do {
            format = try ALSAPCM.configure(pcm, request: request, capture: stream == SND_PCM_STREAM_CAPTURE)
        } catch {
            snd_pcm_close(pcm)
            handle = nil
            throw error
        }
    }

    deinit {
        close()
    }

    /// Closes the device; safe to call twice.
    public func close() {
        if let handle {
            snd_pcm_close(handle)
            self.handle = nil
        }
    }

    /// The raw handle, for the few calls made directly by the audio thread.
    var pcm: OpaquePointer? { handle }

    private static func configure(_ pcm: OpaquePointer, request: PlaybackRequest, capture: Bool) throws(ALSAError) -> AudioFormat {
        func check(_ result: Int32, _ operation: String) throws(ALSAError) {
            if result < 0 { throw ALSAError(operation: operation, code: result, device: request.device) }
        }
        var hw: OpaquePointer?
        try check(snd_pcm_hw_params_malloc(&hw), "allocate hardware parameters")
        defer { snd_pcm_hw_params_free(hw) }
        try check(snd_pcm_hw_params_any(pcm, hw), "read hardware parameters")
        try check(snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED), "set interleaved access")

        let sampleFormat: AudioFormat.SampleFormat
        if snd_pcm_hw_params_set_format(pcm, hw, SND_PCM_FORMAT_FLOAT_LE) >= 0 {
            sampleFormat = .float32
        } else {
            try check(snd_pcm_hw_params_set_format(pcm, hw, SND_PCM_FORMAT_S16_LE), "set sample format (float or S16)")
            sampleFormat = .int16
        }
        var channels = UInt32(request.channels)
        try check(snd_pcm_hw_params_set_channels_near(pcm, hw, &channels), "set channels")

        var rate = UInt32(request.sampleRate)
        var direction: Int32 = 0
        if snd_pcm_hw_params_test_rate(pcm, hw, rate, 0) != 0 && snd_pcm_hw_params_test_rate(pcm, hw, 44_100, 0) == 0 {
            rate = 44_100
        }
        try check(snd_pcm_hw_params_set_rate_near(pcm, hw, &rate, &direction), "set sample rate")

        var period = snd_pcm_uframes_t(request.periodFrames)
        direction = 0
        try check(snd_pcm_hw_params_set_period_size_near(pcm, hw, &period, &direction), "set period size")
        var buffer = period * snd_pcm_uframes_t(max(2, request.periods))
        try check(snd_pcm_hw_params_set_buffer_size_near(pcm, hw, &buffer), "set buffer size")
        try check(snd_pcm_hw_params(pcm, hw), "apply hardware parameters")

        // Re-read what the device actually granted.
        direction = 0
        try check(snd_pcm_hw_params_get_rate(hw, &rate, &direction), "read granted rate")
        try check(snd_pcm_hw_params_get_channels(hw, &channels), "read granted channels")
        direction = 0
        try check(snd_pcm_hw_params_get_period_size(hw, &period, &direction), "read granted period")
        try check(snd_pcm_hw_params_get_buffer_size(hw, &buffer), "read granted buffer")

        var sw: OpaquePointer?
        try check(snd_pcm_sw_params_malloc(&sw), "allocate software parameters")
        defer { snd_pcm_sw_params_free(sw) }
        try check(snd_pcm_sw_params_current(pcm, sw), "read software parameters")
        try check(snd_pcm_sw_params_set_avail_min(pcm, sw, period), "set wake-up threshold")
        // Playback starts once the buffer is nearly full; capture starts with the first read.
        let startThreshold = capture ? 1 : snd_pcm_uframes_t(buffer - period)
        try check(snd_pcm_sw_params_set_start_threshold(pcm, sw, startThreshold), "set start threshold")
        try check(snd_pcm_sw_params(pcm, sw), "apply software parameters")
        try check(snd_pcm_prepare(pcm), "prepare")

        return AudioFormat(sampleRate: Int(rate), channels: Int(channels), sampleFormat: sampleFormat,
                           periodFrames: Int(period), bufferFrames: Int(buffer))
    }
}
