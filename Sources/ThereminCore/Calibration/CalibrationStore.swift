import Foundation

/// Saves and loads calibrations, one JSON file per camera (device path and card name), under
/// `$XDG_CONFIG_HOME/theremin/` (default `~/.config/theremin/`).
public struct CalibrationStore: Sendable {
    /// What a saved file holds: the box plus which camera it was made for.
    public struct Record: Codable, Sendable, Equatable {
        public var version: Int
        public var camera: String
        public var card: String
        public var calibration: Calibration
        public var created: String

        public init(camera: String, card: String, calibration: Calibration, created: String) {
            self.version = CalibrationStore.version
            self.camera = camera
            self.card = card
            self.calibration = calibration
            self.created = created
        }
    }

    /// Why a saved calibration was not used.
    public struct LoadProblem: Error, Sendable, CustomStringConvertible {
        public let path: String
        public let problem: String
        public var description: String {
            "calibration \(path): \(problem); ignoring it (run `theremin --calibrate` to make a new one)"
        }
    }

    public static let version = 1
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// The store in `$XDG_CONFIG_HOME/theremin` or `~/.config/theremin`.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> CalibrationStore {
        CalibrationStore(directory: ConfigDirectory.url(environment: environment))
    }

    /// The file that holds the calibration for a camera.
    public func path(camera: String, card: String) -> URL {
        let key = (card + "-" + camera).map { $0.isLetter || $0.isNumber ? $0 : "_" }
        return directory.appendingPathComponent("calibration-\(String(key.prefix(120))).json")
    }

    /// Loads the calibration for a camera: nil when there is none; `LoadProblem` when the file is corrupt, from a
    /// future version, or describes an unusable box (the caller reports it and carries on uncalibrated).
    public func load(camera: String, card: String) throws -> Calibration? {
        let url = path(camera: camera, card: card)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try CalibrationStore.decode(path: url.path).calibration
    }

    /// Reads and validates one calibration file.
    public static func decode(path: String) throws -> Record {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LoadProblem(path: path, problem: "cannot be read")
        }
        return try decode(data: data, path: path)
    }

    /// Validates calibration JSON (also the fuzzing entry point).
    public static func decode(data: Data, path: String) throws -> Record {
        struct Versioned: Decodable { var version: Int }
        guard let versioned = try? JSONDecoder().decode(Versioned.self, from: data) else {
            throw LoadProblem(path: path, problem: "is not a theremin calibration (corrupt JSON or no version)")
        }
        guard versioned.version <= version else {
            throw LoadProblem(path: path, problem: "was written by a newer theremin (version \(versioned.version))")
        }
        let record: Record
        do {
            record = try JSONDecoder().decode(Record.self, from: data)
        } catch {
            throw LoadProblem(path: path, problem: "has missing or wrong-typed fields")
        }
        if let problem = record.calibration.problems.first {
            throw LoadProblem(path: path, problem: "is unusable: \(problem)")
        }
        return record
    }

    /// Saves a calibration for a camera (temporary file, then rename); returns the path written.
    @discardableResult
    public func save(_ calibration: Calibration, camera: String, card: String, now: Date = Date()) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let record = Record(camera: camera, card: card, calibration: calibration,
                            created: ISO8601DateFormatter().string(from: now))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let url = path(camera: camera, card: card)
        try OutputFile.write(try encoder.encode(record), to: url)
        return url
    }
}

/// The configuration folder: `$XDG_CONFIG_HOME/theremin`, or `~/.config/theremin`.
public enum ConfigDirectory {
    public static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("theremin")
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".config/theremin")
    }
}

extension CalibrationStore.LoadProblem: ReportableError {
    /// Thrown only where a calibration was asked for; a calibration merely found is reported and ignored instead.
    public var failureKind: FailureKind { .input }
}
