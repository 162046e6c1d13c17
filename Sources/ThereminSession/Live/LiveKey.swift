/// Keys the player can press in the preview window or the terminal.
public enum LiveKey: Sendable, Equatable {
    case quit
    case mute
    case cycleWaveform
    case pause
    case recalibrate
}
