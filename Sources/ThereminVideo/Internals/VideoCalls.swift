import CVisionLoader
import Foundation
import ThereminCore
import VisionCalls

/// Every call into the CVideoInput C API goes through here: the function table, error buffers, frame copies, the
/// video and image calls. `VideoFileSource` and `ImageSource` hold the logic and never name a `tv_` function.
enum VideoCalls {

    /// The video shim's C functions, from libtheremin-vision.so (loaded on first use, see CVisionLoader.h).
    /// - Throws: `VideoError` (`.libraryMissing`, naming `path`) when the library cannot be loaded.
    static func api(for path: String) throws(VideoError) -> tv_api {
        guard let table = theremin_vision_video() else {
            throw VideoError(kind: .libraryMissing, path: path, problem: VisionLibrary.failure, remedy: VisionLibrary.remedy)
        }
        return table.pointee
    }

    /// An open video: its handle, the container's frame rate and frame count (0 where it does not say).
    struct OpenedVideo {
        let handle: OpaquePointer
        let framesPerSecond: Double
        let frameCount: Int
    }

    /// Opens a video file with OpenCV's FFmpeg backend.
    /// - Throws: `VideoError` (`.notDecodable`) when OpenCV cannot open it.
    static func openVideo(_ path: String) throws(VideoError) -> OpenedVideo {
        let api = try api(for: path)
        var opened: OpaquePointer?
        let (status, message) = ShimCall.run { error, size in api.tv_video_open(path, &opened, error, size) }
        guard status == TV_OK, let opened else {
            throw VideoError(kind: .notDecodable, path: path, problem: "not a video (\(message))",
                             remedy: VideoError.formatsRemedy)
        }
        let info = api.tv_video_get_info(opened)
        return OpenedVideo(handle: opened, framesPerSecond: info.frames_per_second, frameCount: Int(info.frame_count))
    }

    /// A decoded frame borrowed from the decoder (`tv_frame_view`).
    typealias FrameView = tv_frame_view

    /// What reading the next frame gave.
    enum Read {
        /// A frame, with its presentation time when the file has one.
        case frame(tv_frame_view, time: Double?)
        case end
        case failed(String)
    }

    /// Decodes the next frame (a view valid until the next read or close).
    static func readVideo(_ handle: OpaquePointer, path: String) throws(VideoError) -> Read {
        let api = try api(for: path)
        var view = tv_frame_view()
        let (status, message) = ShimCall.run { error, size in api.tv_video_read(handle, &view, error, size) }
        switch status {
        case TV_OK: return .frame(view, time: view.has_time != 0 ? view.time_seconds : nil)
        case TV_END: return .end
        default: return .failed(message)
        }
    }

    static func closeVideo(_ handle: OpaquePointer) {
        (try? api(for: ""))?.tv_video_close(handle)
    }

    /// Loads one still image as a frame, or nil when OpenCV cannot decode it.
    static func loadImage(_ file: String, time: Double, sequence: UInt64) throws(VideoError) -> Frame? {
        let api = try api(for: file)
        var image: OpaquePointer?
        let (status, _) = ShimCall.run { error, size in api.tv_image_load(file, &image, error, size) }
        guard status == TV_OK, let image else { return nil }
        defer { api.tv_image_free(image) }
        return frame(from: api.tv_image_view(image), time: time, sequence: sequence)
    }

    /// Copies a borrowed frame view into an owned packed frame.
    static func frame(from view: tv_frame_view, time: Double, sequence: UInt64) -> Frame {
        let rowBytes = Int(view.width) * 3
        let height = Int(view.height)
        var pixels = [UInt8](repeating: 0, count: rowBytes * height)
        if let source = view.pixels, rowBytes > 0 {
            pixels.withUnsafeMutableBytes { destination in
                for row in 0..<height {
                    (destination.baseAddress! + row * rowBytes)
                        .copyMemory(from: source + row * view.stride, byteCount: rowBytes)
                }
            }
        }
        return Frame(width: Int(view.width), height: height, bytesPerRow: rowBytes, pixels: pixels,
                     captureTime: time, sequence: sequence)
    }

    /// Checks that `path` is a readable, non-empty file before OpenCV sees it, so that each case gets its own error.
    static func requireReadableFile(_ path: String, what: String) throws(VideoError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw VideoError(kind: .notFound, path: path, problem: "no such file",
                             remedy: "check the path given to --input")
        }
        guard !isDirectory.boolValue else {
            throw VideoError(kind: .notDecodable, path: path, problem: "is a folder, not \(what)",
                             remedy: VideoError.formatsRemedy)
        }
        if let kind = FileKind.special(at: path, followingLinks: true) {
            // A FIFO would block the decoder until something writes to it; a device is not a recording.
            throw VideoError(kind: .notDecodable, path: path, problem: "is \(kind), not a regular file holding \(what)",
                             remedy: VideoError.formatsRemedy)
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw VideoError(kind: .unreadable, path: path, problem: "permission denied",
                             remedy: "make the file readable (chmod) or copy it somewhere readable")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        if size == 0, real.hasPrefix("/proc/") || real.hasPrefix("/sys/") {
            // procfs and sysfs files report 0 bytes but are not empty: they are the kernel's, not recordings.
            throw VideoError(kind: .notDecodable, path: path, problem: "is a kernel file (/proc or /sys), not \(what)",
                             remedy: VideoError.formatsRemedy)
        }
        if size == 0 {
            throw VideoError(kind: .empty, path: path, problem: "the file is empty (0 bytes)",
                             remedy: "the recording or copy may have failed; use the complete file")
        }
    }
}
