import ThereminAudio
import ThereminCore
import ThereminSession

/// What follows a replay on the sound card as it is heard (`ReplayPlayback`'s followers).
extension ReplayCommand {
    /// What follows the sound as it plays: MIDI out over the connected `sequencer`, and OSC out.
    /// - Throws: the sequencer's error when the setup cannot be sent.
    func followers(of render: PerformanceRender, trace: Trace,
                   sequencer: ALSASequencer?) throws -> [any ReplayFollower] {
        var followers: [any ReplayFollower] = []
        if let sequencer {
            followers.append(try MIDIFollower(sink: sequencer, settings: settings.music.midi,
                                              schedule: render.plan.schedule, slides: settings.slides(of: trace)))
        }
        if let osc = OSCOut.open(settings) {
            var follower = OSCFollower(sender: osc, plan: render.plan, trace: trace)
            follower.whenFinished = { OSCOut.finish(osc, settings: settings) }
            followers.append(follower)
        }
        return followers
    }
}
