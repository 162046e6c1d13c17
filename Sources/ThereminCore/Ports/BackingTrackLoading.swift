/// The sound-file reading port: decodes a backing track and brings it to the output rate before any sound starts.
/// ThereminAudio's `BackingTrackLoader` conforms (libsndfile, libsamplerate); a test makes tracks in memory.
public protocol BackingTrackLoading {
    /// - Throws: the loader's error for a missing, unreadable or silent file.
    static func load(path: String, sampleRate: Int, loops: Bool) throws -> BackingTrack
}
