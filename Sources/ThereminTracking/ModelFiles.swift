import Foundation

/// The two graph files the neural tracker loads, and where to find them.
public struct ModelFiles: Sendable, Equatable {
    /// File name of MediaPipe's palm detector (lite) as a graph file for XNNPACK.
    public static let palmDetectorName = "palm_detection_lite.xnng"
    /// File name of MediaPipe's hand landmark model (lite) as a graph file for XNNPACK.
    public static let handLandmarksName = "hand_landmark_lite.xnng"
    /// Environment variable naming a folder that holds both files; it overrides every other place.
    public static let environmentVariable = "THEREMIN_MODELS"

    public var palmDetector: String
    public var handLandmarks: String

    public init(palmDetector: String, handLandmarks: String) {
        self.palmDetector = palmDetector
        self.handLandmarks = handLandmarks
    }

    /// The two files inside `directory`, whether or not they exist.
    public init(directory: String) {
        let url = URL(fileURLWithPath: directory)
        palmDetector = url.appendingPathComponent(Self.palmDetectorName).path
        handLandmarks = url.appendingPathComponent(Self.handLandmarksName).path
    }

    /// True when both files exist.
    public var exist: Bool {
        FileManager.default.fileExists(atPath: palmDetector) && FileManager.default.fileExists(atPath: handLandmarks)
    }

    /// Finds the models.
    ///
    /// Looks, in order: in `$THEREMIN_MODELS` (and only there when it is set); in `models/` next to the executable;
    /// in `<prefix>/share/theremin/models` for an executable in `<prefix>/bin`; in the `models/` folder of the
    /// source tree the executable was built in (walking up from the executable); in `./models`.
    /// - Throws: `TrackerError` (`.modelsNotFound`) listing the places searched.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment,
                              executablePath: String? = currentExecutablePath(),
                              currentDirectory: String = FileManager.default.currentDirectoryPath)
        throws(TrackerError) -> ModelFiles
    {
        if let configured = environment[environmentVariable], !configured.isEmpty {
            let files = ModelFiles(directory: configured)
            guard files.exist else {
                throw TrackerError(kind: .modelsNotFound,
                                   problem: "\(environmentVariable)=\(configured) does not hold \(palmDetectorName) "
                                       + "and \(handLandmarksName)",
                                   remedy: "point \(environmentVariable) at the project's models/ folder, or unset it")
            }
            return files
        }
        let candidates = candidateDirectories(executablePath: executablePath, currentDirectory: currentDirectory)
        for directory in candidates {
            let files = ModelFiles(directory: directory)
            if files.exist {
                return files
            }
        }
        throw TrackerError(kind: .modelsNotFound,
                           problem: "no \(palmDetectorName) and \(handLandmarksName) found (looked in "
                               + candidates.joined(separator: ", ") + ")",
                           remedy: "set \(environmentVariable) to the folder holding them (the project's models/), "
                               + "or use --tracker classic")
    }

    /// The folders `locate` searches when `$THEREMIN_MODELS` is not set, in order, without duplicates.
    public static func candidateDirectories(executablePath: String?, currentDirectory: String) -> [String] {
        var directories: [String] = []
        if let executablePath {
            let binDirectory = URL(fileURLWithPath: executablePath).deletingLastPathComponent().standardized
            directories.append(binDirectory.appendingPathComponent("models").path)
            directories.append(binDirectory.deletingLastPathComponent()
                .appendingPathComponent("share/theremin/models").path)
            // A build directory such as <repo>/.build/x86_64-unknown-linux-gnu/release: the source tree's models/
            // is at most a few levels up.
            var ancestor = binDirectory.deletingLastPathComponent()
            for _ in 0..<4 where ancestor.path != "/" {
                directories.append(ancestor.appendingPathComponent("models").path)
                ancestor = ancestor.deletingLastPathComponent()
            }
        }
        directories.append(URL(fileURLWithPath: currentDirectory).appendingPathComponent("models").standardized.path)
        var seen = Set<String>()
        return directories.filter { seen.insert($0).inserted }
    }

    /// The running executable's real path (`/proc/self/exe`), or nil when it cannot be read.
    public static func currentExecutablePath() -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    }
}
