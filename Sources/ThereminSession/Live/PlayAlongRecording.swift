import Synchronization
import ThereminCore

/// The controls a play-along sent, kept on the tracking thread for its score at the end: each frame's capture
/// time and control, and the take's clock origin (the capture clock at the trace's t = 0).
final class PlayAlongRecording: Sendable {
    private struct Played {
        var times: [Double] = []
        var controls: [Control] = []
        var origin: Double?
    }

    private let played = Mutex(Played())

    /// Keeps a frame's control (the tracking thread; never the audio thread).
    func add(_ control: Control, _ hands: HandsFrame) {
        played.withLock { state in
            if state.origin == nil { state.origin = control.sourceTime - hands.t }
            state.times.append(control.sourceTime)
            state.controls.append(control)
        }
    }

    /// The pitch as `voice` sounded it, on the capture clock.
    func pitch(voice: VoiceSettings, sampleRate: Double) -> PlayedPitch {
        played.withLock { PlayedPitch(times: $0.times, controls: $0.controls, voice: voice, sampleRate: sampleRate) }
    }

    var clockOrigin: Double? { played.withLock { $0.origin } }
}
