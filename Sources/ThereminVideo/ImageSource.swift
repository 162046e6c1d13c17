import Foundation
import ThereminCore

/// One image, or every image in a folder in name order, as frames; `--input photo.jpg` or `--input frames/`.
///
/// Frame `i` gets `captureTime = i / frameRate`. The pictures are treated as unrelated (`framesAreIndependent`), so the
/// tracker looks for the hand afresh in each.
public final class ImageSource: FrameSource, @unchecked Sendable {
    /// Serializes reading and closing: the live player closes the source from the main thread while the tracking
    /// thread may be decoding a frame.
    private let lock = NSLock()
    /// File name extensions taken as images in a folder (lower case).
    public static let imageExtensions: Set<String> = [
        "jpg", "jpeg", "jpe", "png", "bmp", "dib", "webp", "tif", "tiff", "pbm", "pgm", "ppm", "pnm", "jp2", "sr",
        "ras", "exr", "hdr", "pic",
    ]

    /// The file or folder given.
    public let path: String
    /// The images, in the order they are delivered.
    public let files: [String]
    public let frameRate: Double
    public var name: String { path }
    public var nominalFrameRate: Double? { frameRate }
    /// The first image's size (later images may differ; each frame carries its own size).
    public let frameSize: (width: Int, height: Int)
    public var droppedFrames: Int { 0 }
    /// Pictures are unrelated: track each on its own.
    public var framesAreIndependent: Bool { true }

    private var next = 0
    private var pending: Frame?

    /// Opens an image file, or a folder of images (sorted by name, numbers in names compared as numbers).
    /// - Parameter frameRate: the rate frame times are spaced at (default 30 per second).
    /// - Throws: `VideoError` when the path is missing, unreadable, empty, not an image, or a folder without images.
    public init(path: String, frameRate: Double = 30) throws(VideoError) {
        self.path = path
        self.frameRate = frameRate > 0 ? frameRate : 30
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw VideoError(kind: .notFound, path: path, problem: "no such file or folder",
                             remedy: "check the path given to --input")
        }
        if isDirectory.boolValue {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: path)
            } catch {
                throw VideoError(kind: .unreadable, path: path, problem: "the folder cannot be listed",
                                 remedy: "make it readable (chmod) or give another folder")
            }
            files = names
                .filter { Self.isImagePath($0) && !$0.hasPrefix(".") }
                .sorted { $0.compare($1, options: [.numeric]) == .orderedAscending }
                .map { URL(fileURLWithPath: path).appendingPathComponent($0).path }
            guard !files.isEmpty else {
                throw VideoError(kind: .notDecodable, path: path, problem: "the folder holds no images",
                                 remedy: "give a folder with .jpg/.png images, or a video file")
            }
        } else {
            files = [path]
        }
        guard let first = try Self.load(files[0], index: 0, frameRate: self.frameRate) else {
            throw VideoError(kind: .notDecodable, path: files[0], problem: "not an image", remedy: VideoError.formatsRemedy)
        }
        frameSize = (first.width, first.height)
        pending = first
    }

    /// Whether a path names an image by its extension.
    public static func isImagePath(_ path: String) -> Bool {
        imageExtensions.contains(URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    /// The next image, or nil after the last.
    /// - Throws: `VideoError` when an image cannot be read or decoded.
    public func nextFrame() throws(VideoError) -> Frame? {
        lock.lock()
        defer { lock.unlock() }
        if let frame = pending {
            pending = nil
            next = 1
            return frame
        }
        guard next < files.count else { return nil }
        let index = next
        next += 1
        guard let frame = try Self.load(files[index], index: index, frameRate: frameRate) else {
            throw VideoError(kind: .notDecodable, path: files[index], problem: "not an image",
                             remedy: "remove or replace the file; " + VideoError.formatsRemedy)
        }
        return frame
    }

    /// Releases the file; safe from any thread (it waits for a frame being decoded) and more than once.
    public func close() {
        lock.lock()
        defer { lock.unlock() }
        pending = nil
        next = files.count
    }

    private static func load(_ file: String, index: Int, frameRate: Double) throws(VideoError) -> Frame? {
        try VideoCalls.requireReadableFile(file, what: "an image")
        return try VideoCalls.loadImage(file, time: Double(index) / frameRate, sequence: UInt64(index))
    }
}
