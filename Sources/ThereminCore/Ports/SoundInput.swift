/// The sound input port: the capture device the tuner listens on. ThereminAudio's `AudioInput` conforms; a test
/// plays a tone from memory.
public protocol SoundInput: AnyObject {
    /// The rate the device granted.
    var sampleRate: Int { get }
    /// Frames it delivers at a time.
    var periodFrames: Int { get }
    /// Overruns recovered so far.
    var overruns: Int { get }
    /// Reads up to `maxFrames` mono samples into `output`, waiting for some; returns how many (0: none this time).
    /// - Throws: the device's error when it fails and cannot recover.
    func read(into output: UnsafeMutablePointer<Float>, maxFrames: Int) throws -> Int
}
