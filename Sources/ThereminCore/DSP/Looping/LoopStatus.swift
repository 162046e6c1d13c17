/// What the looper is doing, as the displays show it.
public enum LoopState: Int, Sendable, Equatable {
    /// Nothing recorded: `l` starts the first layer.
    case empty
    /// The first layer is being recorded; its length becomes the loop's.
    case recording
    /// The layers play under the live voice.
    case playing
    /// A further layer is being recorded over the playing ones.
    case overdubbing
}

/// The looper as the control side sees it after the audio thread's last block.
public struct LoopStatus: Sendable, Equatable {
    public var state: LoopState = .empty
    /// Layers recorded or being recorded (a layer being undone no longer counts).
    public var layers = 0
    /// The loop's length in seconds (while recording the first layer: how much is recorded so far).
    public var length = 0.0
    /// Seconds into the loop (while recording the first layer: the same as `length`).
    public var position = 0.0
    /// True when the last press asked for a layer beyond `Looper.maximumLayers` and was refused.
    public var full = false

    public init() {}
}

/// A player's request to the looper; travels to the audio thread through a lock-free ring.
public enum LoopCommand: UInt8, Sendable, BitwiseCopyable {
    /// `l`: start recording, close the loop, start an overdub, or close it, depending on the state.
    case press
    /// Remove the last layer (an overdub in progress is dropped; undoing the only layer empties the looper).
    case undo
    /// Remove every layer.
    case clear
}
