import ThereminCore
import ThereminSession

/// `--midi-out` and `--osc-out` during live play, as the session's followers: MIDI sees each frame's hands (MPE's
/// slide) and sends each control; OSC sends each control with its hands; both finish when the loop stops, and MIDI
/// then says what failed and, with `--stats`, how old its messages were.
enum LiveFollowing {
    /// Connects MIDI (a wrong port is an input error; JACK MIDI goes on `sound`'s client when it is JACK's) and opens
    /// OSC (a bad address is one line and no OSC).
    static func connect(_ settings: Settings, sound: (any SoundOutput)?) throws -> LiveFollowers {
        let midi = try settings.music.midiOut.map { try LiveMIDI(port: $0, settings: settings, sound: sound) }
        var followers = LiveFollowers()
        if let midi {
            followers.tracking = { tracking in
                HandTrackingFunction(wrapping: tracking, midi.observing { try tracking.hands(in: $0) })
            }
            followers.onControl = { midi.send($0) }
        }
        let osc = OSCOut.open(settings)
        if let osc { followers.onFrame = { osc.send(OSCAddressSpace.livePacket(control: $0, hands: $1)) } }
        followers.finish = {
            midi?.finish()
            OSCOut.finish(osc, settings: settings)
        }
        followers.report = {
            if let problem = midi?.takeFailure() { Output.err("theremin: \(problem)\n") }
            if settings.stats, let midi { Output.err(midi.statsLine() + "\n") }
        }
        return followers
    }
}
