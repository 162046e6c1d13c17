/// The phrase looper's control side: the player's keys become commands for the audio thread, whose state comes back
/// as a `LoopStatus` for the displays. The layers' memory is allocated here, before playing, for the documented
/// maximum length and layer count.
///
/// `press`, `undo` and `clear` must come from one thread (the main thread's key handling).
public final class Looper: @unchecked Sendable {
    /// The longest loop: the first layer closes by itself at this length.
    public static let maximumSeconds = 30.0
    /// Layers, the first included; a press for one more while playing is refused (undo one first).
    public static let maximumLayers = 4
    /// The crossfade at the loop point, and the fades that start, end and remove layers.
    public static let fadeSeconds = 0.01

    /// The render side, for the mixer.
    public let kernel: LoopKernel

    /// Allocates the layers: `maximumLayers` × `maximumSeconds` of float samples (23 MB at 48 kHz for 30 s), twice
    /// for a `stereo` looper (behind a stereo effect chain, whose width it keeps).
    public init(sampleRate: Double, maximumSeconds: Double = Looper.maximumSeconds,
                maximumLayers: Int = Looper.maximumLayers, fadeSeconds: Double = Looper.fadeSeconds, stereo: Bool = false) {
        kernel = LoopKernel(sampleRate: sampleRate, maximumSeconds: maximumSeconds, maximumLayers: maximumLayers,
                            fadeSeconds: fadeSeconds, stereo: stereo)
    }

    /// `l`: starts recording, closes the loop, starts an overdub or closes it.
    public func press() { kernel.commands.push(.press) }
    /// Removes the last layer.
    public func undo() { kernel.commands.push(.undo) }
    /// Removes every layer.
    public func clear() { kernel.commands.push(.clear) }

    /// The looper after the audio thread's last block.
    public var status: LoopStatus { kernel.status }
}
