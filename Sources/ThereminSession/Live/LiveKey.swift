/// Keys the player can press in the preview window or the terminal.
public enum LiveKey: Sendable, Equatable {
    case quit
    case mute
    case cycleWaveform
    case pause
    case recalibrate
    /// The looper's one key: record, close the loop, overdub a layer, close the overdub.
    case loop
    /// Remove the loop's last layer.
    case undoLayer
    /// Remove every layer of the loop.
    case clearLoop
    /// Take the instrument back where the player is now (the player lock forgets the old playing area).
    case takeBack
}
