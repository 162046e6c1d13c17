import Foundation

/// The hand corpus beside the repository and the ffmpeg command, for tests that need real pictures and videos.
/// Both may be absent on a user's machine; callers skip with the message given.
public enum TestMedia {
    /// The repository root (this file is Sources/ThereminTestSupport/TestMedia.swift).
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/corpus`, or nil when absent.
    public static var corpus: URL? {
        let url = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus").standardized
        return FileManager.default.fileExists(atPath: url.appendingPathComponent("README.md").path) ? url : nil
    }

    public static let corpusMissing = "hand corpus absent (../shared/corpus next to the repository)"

    /// The ffmpeg executable, or nil.
    public static var ffmpeg: String? { FFmpeg.path }

    public static let ffmpegMissing = "ffmpeg not installed (Debian package ffmpeg): cannot generate test media"

    /// Runs ffmpeg quietly with `arguments`, overwriting outputs; throws with its message when it fails.
    public static func runFFmpeg(_ arguments: [String]) throws {
        _ = try FFmpeg.run(["-y"] + arguments)
    }

    /// A video of a corpus hand photo held still at each of `positions` in turn (ffmpeg overlay expressions for a
    /// 640x480 grey canvas), `seconds` each at `rate` fps: a player holding their finger at chosen places.
    public static func heldHandVideo(photo: URL, positions: [(x: String, y: String)], seconds: Double, rate: Int,
                                     into folder: URL) throws -> URL {
        var inputs: [String] = []
        for (index, position) in positions.enumerated() {
            let still = folder.appendingPathComponent("still-\(index).png")
            try runFFmpeg(["-f", "lavfi", "-i", "color=c=gray:s=640x480", "-i", photo.path, "-filter_complex",
                           "[1]scale=-1:260[h];[0][h]overlay=\(position.x):\(position.y)", "-frames:v", "1", still.path])
            inputs += ["-loop", "1", "-t", String(seconds), "-i", still.path]
        }
        let labels = positions.indices.map { "[\($0):v]" }.joined()
        let video = folder.appendingPathComponent("held.mp4")
        try runFFmpeg(inputs + ["-filter_complex", "\(labels)concat=n=\(positions.count):v=1[v]", "-map", "[v]",
                                "-r", String(rate), "-pix_fmt", "yuv420p", video.path])
        return video
    }
}
