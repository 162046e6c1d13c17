import Foundation
import ThereminCore

/// Frames of a video file, decoded by OpenCV's FFmpeg backend, in order; `--input clip.mp4`.
///
/// Each frame's `captureTime` is its presentation time in the file (seconds from the first frame), so a trace
/// recorded from a file keeps the file's timing. Opening decodes the first frame, so a file that opens but holds no
/// decodable frame is reported at once.
public final class VideoFileSource: FrameSource, @unchecked Sendable {
    /// Serializes reading and closing: the live player closes the source from the main thread while the tracking
    /// thread may be decoding a frame.
    private let lock = NSLock()
    public let path: String
    public var name: String { path }
    public let nominalFrameRate: Double?
    public let frameSize: (width: Int, height: Int)
    /// Frames the container says it holds (an estimate for some formats), when it says.
    public let reportedFrameCount: Int?
    /// A file is read at the consumer's pace: nothing is ever dropped.
    public var droppedFrames: Int { 0 }

    private var handle: OpaquePointer?
    private var pending: Frame?
    private var sequence: UInt64 = 0
    private var lastTime = -Double.infinity

    /// Opens `path` and decodes its first frame.
    /// - Throws: `VideoError` when the file is missing, unreadable, empty, not a video, or holds no frame.
    public init(path: String) throws(VideoError) {
        self.path = path
        try VideoCalls.requireReadableFile(path, what: "a video")
        let video = try VideoCalls.openVideo(path)
        let opened = video.handle
        handle = opened
        nominalFrameRate = video.framesPerSecond > 0 ? video.framesPerSecond : nil
        reportedFrameCount = video.frameCount > 0 ? video.frameCount : nil
        guard let first = try Self.read(opened, path: path, sequence: 0, fallbackRate: nominalFrameRate,
                                        after: -Double.infinity) else {
            VideoCalls.closeVideo(opened)
            handle = nil
            throw VideoError(kind: .notDecodable, path: path, problem: "the video holds no decodable frame",
                             remedy: "check the file plays (ffprobe \(path)); re-encode it with ffmpeg if needed")
        }
        frameSize = (first.width, first.height)
        pending = first
    }

    deinit {
        close()
    }

    /// The next frame in file order, or nil after the last.
    /// - Throws: `VideoError` (`.decodingFailed`) when decoding fails part-way.
    public func nextFrame() throws(VideoError) -> Frame? {
        lock.lock()
        defer { lock.unlock() }
        if let frame = pending {
            pending = nil
            lastTime = frame.captureTime
            sequence = frame.sequence + 1
            return frame
        }
        guard let handle else { return nil }
        guard let frame = try Self.read(handle, path: path, sequence: sequence, fallbackRate: nominalFrameRate,
                                        after: lastTime) else {
            return nil
        }
        lastTime = frame.captureTime
        sequence += 1
        return frame
    }

    /// Releases the file; safe from any thread (it waits for a frame being decoded) and more than once.
    public func close() {
        lock.lock()
        defer { lock.unlock() }
        pending = nil
        if let handle {
            VideoCalls.closeVideo(handle)
            self.handle = nil
        }
    }

    /// Decodes one frame; its time is the presentation time, or `sequence / rate` when the file has none, and
    /// always later than `after` (some containers repeat a timestamp; a trace needs increasing times).
    private static func read(_ handle: OpaquePointer, path: String, sequence: UInt64, fallbackRate: Double?,
                             after previous: Double) throws(VideoError) -> Frame? {
        let view: VideoCalls.FrameView
        let fileTime: Double?
        switch try VideoCalls.readVideo(handle, path: path) {
        case let .frame(frame, time):
            (view, fileTime) = (frame, time)
        case .end:
            return nil
        case .failed(let message):
            throw VideoError(kind: .decodingFailed, path: path, problem: "decoding frame \(sequence) failed (\(message))",
                             remedy: "the file may be truncated or damaged; re-encode it with ffmpeg")
        }
        let period = 1.0 / (fallbackRate ?? 30.0)
        var time = fileTime ?? Double(sequence) * period
        if time <= previous {
            time = previous + period
        }
        return VideoCalls.frame(from: view, time: time, sequence: sequence)
    }
}
