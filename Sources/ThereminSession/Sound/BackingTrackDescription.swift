/// A backing track to mix under the theremin: the file, whether it loops, and its volume.
public struct BackingTrackDescription: Sendable, Equatable {
    public var path: String
    public var loops: Bool
    public var volume: Double

    public init(path: String, loops: Bool, volume: Double) {
        self.path = path
        self.loops = loops
        self.volume = volume
    }
}
