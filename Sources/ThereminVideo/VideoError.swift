import ThereminCore

/// Why a video file, image or folder given with `--input` cannot be used.
///
/// `problem` says what failed and names the file; `remedy` says what to do.
public struct VideoError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable {
        /// The path does not exist.
        case notFound
        /// The file exists but cannot be read (permissions, I/O error).
        case unreadable
        /// The file is empty.
        case empty
        /// The file is not a video / image OpenCV can decode, or a folder holds no images.
        case notDecodable
        /// Decoding failed part-way through.
        case decodingFailed
        /// The video library (libtheremin-vision.so) is missing or incomplete: a broken installation.
        case libraryMissing
    }

    public let kind: Kind
    /// The file or folder at fault.
    public let path: String
    public let problem: String
    public let remedy: String

    public init(kind: Kind, path: String, problem: String, remedy: String) {
        self.kind = kind
        self.path = path
        self.problem = problem
        self.remedy = remedy
    }

    public var description: String {
        "input \(path): \(problem): \(remedy)"
    }
}

extension VideoError {
    static let formatsRemedy = "give a video FFmpeg can play (e.g. .mp4, .mkv, .webm), an image (.jpg, .png, ...) "
        + "or a folder of images"
}

extension VideoError: ReportableError {
    /// The file given to --input is at fault (input error), unless theremin's own library is missing (runtime).
    public var failureKind: FailureKind { kind == .libraryMissing ? .runtime : .input }
}
