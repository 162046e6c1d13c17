import Synchronization
import ThereminCore

/// Hands a mix made off the audio thread to JACK's process callback, and the one it replaces back: two atomic slots
/// holding unmanaged references, so the callback neither allocates, locks, nor drops the last reference to a mix
/// (which would free it on the audio thread). The control side (`offer`, `collect`) is one thread at a time.
final class MixHandoff: @unchecked Sendable {
    /// A mix with the rate it was made for.
    final class Mix {
        let renderer: any BlockRenderer
        let rate: Int
        init(_ renderer: any BlockRenderer, rate: Int) {
            self.renderer = renderer
            self.rate = rate
        }
    }

    private let incoming = Atomic<Unmanaged<Mix>?>(nil)
    private let outgoing = Atomic<Unmanaged<Mix>?>(nil)
    /// The process thread's alone (and the control side's once the client is closed).
    private var playing: Unmanaged<Mix>?

    deinit { releaseAll() }

    /// Offers `mix` to the process thread; an offer it has not taken yet is withdrawn and released.
    func offer(_ mix: Mix) {
        collect()
        if let stale = incoming.exchange(Unmanaged.passRetained(mix), ordering: .acquiringAndReleasing) {
            stale.release()
        }
    }

    /// Releases the mix the process thread has put down, if any (off the audio thread).
    func collect() {
        outgoing.exchange(nil, ordering: .acquiring)?.release()
    }

    /// On the process thread: the mix to render this cycle, switching to an offered one. The one it replaces waits in
    /// `outgoing` for `collect`; while that slot is full the offer waits a cycle. Render contract: no allocation,
    /// locks, I/O or logging.
    func current() -> Mix? {
        if outgoing.load(ordering: .acquiring) == nil, let next = incoming.exchange(nil, ordering: .acquiringAndReleasing) {
            if let old = playing { outgoing.store(old, ordering: .releasing) }
            playing = next
        }
        return playing?.takeUnretainedValue()
    }

    /// Releases every mix held. Only once the process callback can no longer run (the client closed).
    func releaseAll() {
        collect()
        incoming.exchange(nil, ordering: .acquiring)?.release()
        playing?.release()
        playing = nil
    }
}
