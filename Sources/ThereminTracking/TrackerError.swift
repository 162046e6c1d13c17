import ThereminCore

/// Why the hand tracker could not start or could not process a frame.
///
/// The text says what failed and where (`problem`, which names the file or frame) and what to do (`remedy`), so the
/// command line can print it as one line.
public struct TrackerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kind of failure, for callers that react differently (e.g. fall back to the classical tracker).
    public enum Kind: String, Sendable, Equatable {
        /// No folder holding both model files was found.
        case modelsNotFound
        /// A model (or cascade) file does not exist.
        case fileMissing
        /// A model (or cascade) file exists but cannot be read.
        case fileUnreadable
        /// A file was read but is not a model OpenCV can run, or not the expected one.
        case modelInvalid
        /// A frame was malformed (empty, stride too small).
        case invalidFrame
        /// A tracker option is out of range (e.g. a number of hands other than 1 or 2).
        case invalidOptions
        /// OpenCV failed while processing a frame.
        case processingFailed
        /// Memory ran out.
        case outOfMemory
        /// The tracker's library (libtheremin-vision.so) is missing or incomplete: a broken installation.
        case libraryMissing
    }

    public let kind: Kind
    /// What failed and where, with the system's reason.
    public let problem: String
    /// What the user can do about it.
    public let remedy: String

    public init(kind: Kind, problem: String, remedy: String) {
        self.kind = kind
        self.problem = problem
        self.remedy = remedy
    }

    public var description: String {
        "hand tracker: \(problem): \(remedy)"
    }

    /// True for failures to load a model, where `--tracker classic` is the way out.
    public var isModelProblem: Bool {
        switch kind {
        case .modelsNotFound, .fileMissing, .fileUnreadable, .modelInvalid: true
        case .invalidFrame, .invalidOptions, .processingFailed, .outOfMemory, .libraryMissing: false
        }
    }
}

extension TrackerError {
    static let modelRemedy = "restore it from the project's models/ folder (`sha256sum -c SHA256SUMS` there checks "
        + "the files) or point THEREMIN_MODELS at a folder holding \(ModelFiles.palmDetectorName) and "
        + "\(ModelFiles.handLandmarksName); --tracker classic runs without models"
    static let cascadeRemedy = "install Debian's opencv-data package, or give no face cascade (faces will then "
        + "count as skin)"
}

extension TrackerError: ReportableError {
    /// A model the user can restore or replace is an input error; a failure while tracking, or a broken
    /// installation, a runtime one.
    public var failureKind: FailureKind { isModelProblem ? .input : .runtime }
}
