import Foundation

/// The `ffmpeg` command, for tests that make or decode video files (the fake camera decodes `--video` with it).
public enum FFmpeg {
    /// The ffmpeg executable on PATH, or nil when it is not installed.
    public static var path: String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/ffmpeg" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs ffmpeg with `arguments` (quiet, no stdin) and returns its standard output.
    ///
    /// - Throws: `FakeCameraError` when ffmpeg is missing or fails (its stderr is passed through).
    public static func run(_ arguments: [String]) throws -> Data {
        guard let path else { throw FakeCameraError(description: "ffmpeg is not installed (Debian package ffmpeg)") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-hide_banner", "-loglevel", "error", "-nostdin"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FakeCameraError(description: "ffmpeg \(arguments.joined(separator: " ")) failed "
                + "with status \(process.terminationStatus)")
        }
        return data
    }
}
