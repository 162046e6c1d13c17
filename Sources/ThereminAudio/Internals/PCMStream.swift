import CALSA

/// The stream operations on an open PCM, each one alsa-lib call with Swift types: with `ALSAPCM`'s set-up and
/// `XrunRecovery`, the only places the audio output and the capture input reach ALSA's PCM API. Results keep ALSA's
/// convention (negative: an error code, for `XrunRecovery`). Render contract: nothing here allocates, locks or logs.
struct PCMStream {
    let handle: OpaquePointer

    /// Frames the device can take (playback) or holds (capture) now, or a negative error code.
    @inline(__always)
    func available() -> Int { Int(snd_pcm_avail_update(handle)) }

    /// Waits up to `milliseconds` for the device to be ready; negative: an error code.
    @inline(__always)
    func wait(milliseconds: Int32) -> Int32 { snd_pcm_wait(handle, milliseconds) }

    /// Frames queued ahead of the speaker (`snd_pcm_delay`), or nil when the device cannot tell.
    @inline(__always)
    func queuedFrames() -> Int? {
        var delay: snd_pcm_sframes_t = 0
        return snd_pcm_delay(handle, &delay) >= 0 ? Int(delay) : nil
    }

    /// Writes interleaved frames; returns how many were taken, or a negative error code.
    @inline(__always)
    func write(_ samples: UnsafeRawPointer, frames: Int) -> Int {
        Int(snd_pcm_writei(handle, samples, snd_pcm_uframes_t(frames)))
    }

    /// Reads interleaved frames; returns how many arrived, or a negative error code.
    @inline(__always)
    func read(into samples: UnsafeMutableRawPointer, frames: Int) -> Int {
        Int(snd_pcm_readi(handle, samples, snd_pcm_uframes_t(frames)))
    }

    /// Starts a prepared stream (capture waits for this); negative: an error code.
    func start() -> Int32 { snd_pcm_start(handle) }

    /// Blocking or non-blocking reads and writes.
    func setBlocking(_ blocking: Bool) { snd_pcm_nonblock(handle, blocking ? 0 : 1) }

    /// Lets what was written play out (blocking).
    func drain() { snd_pcm_drain(handle) }
}
