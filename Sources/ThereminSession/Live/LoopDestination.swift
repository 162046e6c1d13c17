/// Where `--loop-out` saves the loop: a whole file, renamed into place (ThereminAudio's `SoundFileWriter`).
public struct LoopDestination {
    public let path: String
    /// Writes interleaved stereo samples and finishes the file. - Throws: the file's error.
    public let write: ([Float]) throws -> Void
    /// Removes the file unwritten.
    public let discard: () -> Void

    public init(path: String, write: @escaping ([Float]) throws -> Void, discard: @escaping () -> Void) {
        self.path = path
        self.write = write
        self.discard = discard
    }
}
