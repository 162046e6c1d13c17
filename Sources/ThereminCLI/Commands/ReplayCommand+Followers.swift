import ThereminAudio
import ThereminCore
import ThereminJACK
import ThereminSession

/// What follows a replay on the sound card as it is heard (`ReplayPlayback`'s followers).
extension ReplayCommand {
    /// What follows the sound as it plays: MIDI out over the connected `sequencer` (ALSA or JACK), and OSC out.
    /// - Throws: the sequencer's error when the setup cannot be sent.
    func followers(of render: PerformanceRender, trace: Trace, sequencer: (any MIDISink)?,
                   output: any SoundOutput) throws -> [any ReplayFollower] {
        var followers: [any ReplayFollower] = []
        if let sequencer {
            let midi = try MIDIFollower(sink: sequencer, settings: settings.music.midi,
                                        schedule: render.plan.schedule,
                                        slides: settings.music.midi.slides(of: trace, handMode: settings.music.handMode))
            midi.placement = Self.jackPlacement(render, sequencer: sequencer, output: output)
            followers.append(midi)
        }
        if let osc = OSCOut.open(settings) {
            var follower = OSCFollower(sender: osc, plan: render.plan, trace: trace)
            follower.whenFinished = { OSCOut.finish(osc, settings: settings) }
            followers.append(follower)
        }
        return followers
    }

    /// JACK MIDI beside JACK audio: each message at the JACK frame its control is heard at, handed over up to 50 ms
    /// ahead; nil otherwise (messages go as they are heard).
    static func jackPlacement(_ render: PerformanceRender, sequencer: any MIDISink,
                              output: any SoundOutput) -> MIDIFollower.Placement? {
        guard let midi = sequencer as? JACKMIDIOutput, let audio = output as? JACKOutput else { return nil }
        let ahead = render.sampleRate / 20
        return MIDIFollower.Placement(ready: { audio.jackFrame(ofMixFrame: 0) != nil },
                                      horizon: { render.theremin.renderedFrames + ahead }, send: { message, frame in
            guard let at = audio.jackFrame(ofMixFrame: frame) else { return false }
            try midi.send(message, atFrame: at)
            return true
        })
    }
}
