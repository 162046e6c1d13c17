import ThereminCore

/// A backing-track port for sessions described without a backing track: reading a file is a test failure.
public enum NoBackingFiles: BackingTrackLoading {
    public struct Asked: Error, CustomStringConvertible {
        public let path: String
        public var description: String { "no backing track was expected, but \(path) was asked for" }
    }

    public static func load(path: String, sampleRate: Int, loops: Bool) throws -> BackingTrack {
        throw Asked(path: path)
    }
}
