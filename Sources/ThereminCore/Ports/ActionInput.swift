/// The actions port: where the player's hands-free actions come in (MIDI in, OSC in), drained by the live session
/// once per look at the display. Each input receives on a thread or socket of its own and never blocks `poll`.
public protocol ActionInput: AnyObject {
    /// What the input is, for `-v` (`MIDI in: JACK port theremin:actions`).
    var name: String { get }
    /// Moves the actions received since the last call into `actions`, and the lines the player should read (bad
    /// input, a port that went away) into `problems`. Never blocks.
    func poll(into actions: inout [TimedAction], problems: inout [String])
    /// Stops receiving; safe to call twice.
    func close()
}
