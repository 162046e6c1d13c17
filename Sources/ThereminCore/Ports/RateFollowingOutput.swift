/// A sound output whose device can change rate while it plays (a JACK server restarted at another rate). Given a way
/// to make the mix again, it has it made for the new rate off the audio thread and plays it in place of the old one;
/// without one it stays silent until the device is back at the mix's rate.
public protocol RateFollowingOutput: SoundOutput {
    /// Makes the mix again for `rate`, carrying on after the `playedSeconds` the old mix has played; nil
    /// when it cannot (the output then stays silent). Set before `start`; called on the output's own control thread,
    /// never its audio thread.
    var remakeMix: ((_ rate: Int, _ playedSeconds: Double) -> (any BlockRenderer)?)? { get set }
}
