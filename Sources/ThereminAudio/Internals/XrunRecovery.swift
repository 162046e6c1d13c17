import CALSA

/// The one recovery from an interrupted stream, for playback (underruns) and capture (overruns), the way libsoundio
/// recovers them: -EPIPE (an xrun) and -ESTRPIPE (the system suspended) are handed to `snd_pcm_recover`, -EINTR
/// and -EAGAIN are simply retried; anything else is the device failing. Render contract: no allocation, locks, I/O
/// or logging, so the audio thread may call it.
enum XrunRecovery {
    enum Outcome: Equatable {
        /// Nothing was lost: try the read or write again.
        case retry
        /// The stream was prepared again (after an xrun, or a suspend when `xrun` is false): count the xrun; a
        /// capture stream must be started again.
        case recovered(xrun: Bool)
        /// `snd_pcm_recover` itself failed with this code (the device is gone).
        case recoveryFailed(Int32)
        /// Not an interruption: the read or write failed with this code.
        case failed(Int32)
    }

    /// What to do after a read or write returned the negative `code`.
    static func recover(_ handle: OpaquePointer, after code: Int32) -> Outcome {
        switch -code {
        case EAGAIN, EINTR:
            return .retry
        case EPIPE, ESTRPIPE:
            let recovered = snd_pcm_recover(handle, code, 1)
            guard recovered >= 0 else { return .recoveryFailed(recovered) }
            return .recovered(xrun: code == -EPIPE)
        default:
            return .failed(code)
        }
    }
}
