/// What one received message (MIDI or OSC) means for the performance.
public enum ActionOutcome: Sendable, Equatable {
    /// An action, with where it came from in the player's words (`CC 80 on channel 1`, `/theremin/mute`).
    case action(PlayerAction, origin: String)
    /// A message the mapping does not name (an unknown CC, an OSC address theremin does not answer): the player is
    /// told once per such message, and playing goes on.
    case unmapped(what: String)
    /// A message that names an action but cannot be done as sent (an OSC preset without its number).
    case malformed(what: String, problem: String)
    /// Nothing to do: note-offs, a switch's release, clock, active sensing, system exclusive.
    case ignored
}
