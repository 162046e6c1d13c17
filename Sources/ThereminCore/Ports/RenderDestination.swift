/// The sound-file port: where an offline render (`--replay … --output`, offline `--input … --output`) is written.
/// ThereminAudio's `SoundFileWriter` conforms (rendering and writing side by side, `OfflineRender`); a test keeps
/// the samples in memory.
public protocol RenderDestination: AnyObject {
    /// Renders `totalFrames` frames of `mix` as fast as the machine allows and finishes the file; on failure
    /// nothing is left behind.
    /// - Parameter progress: called now and then with the fraction done.
    /// - Throws: the file's error when writing fails.
    func render(_ mix: BlockRenderer, totalFrames: Int, progress: (Double) -> Void) throws
    /// Gives up before rendering (an earlier step failed): nothing is left behind.
    func discard()
}
