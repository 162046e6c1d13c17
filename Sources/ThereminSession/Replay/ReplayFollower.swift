/// What follows a replay as it is heard (MIDI out, OSC out): told the frame now reaching the speaker after every
/// poll, then finished when playing ends, before the sound has faded.
public protocol ReplayFollower {
    /// Sends everything scheduled up to `frame`.
    /// - Throws: the follower's error, which ends the replay.
    mutating func advance(toFrame frame: Int) throws
    /// Ends what is still sounding (a MIDI note).
    mutating func finish() throws
}
