import Foundation
import XCTest

/// Makes small videos and images with the ffmpeg command-line tool in a scratch folder.
enum MediaFixtures {
    static func scratchFolder(for test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("theremin-video-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// The ffmpeg executable, or skips.
    static func ffmpeg() throws -> String {
        for candidate in ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"] where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        throw XCTSkip("ffmpeg not installed (Debian package ffmpeg): cannot generate test media")
    }

    /// Runs ffmpeg with `arguments` (after -y -loglevel error) and fails the test if it fails.
    static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ffmpeg())
        process.arguments = ["-y", "-loglevel", "error", "-nostdin"] + arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw XCTSkip("ffmpeg failed (\(process.terminationStatus)): \(String(decoding: message, as: UTF8.self))")
        }
    }

    /// A video of `frames` frames of one colour at `rate` frames per second.
    static func solidVideo(in folder: URL, name: String = "clip.mp4", colour: String, size: String = "64x48",
                           rate: Int = 10, frames: Int = 12) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try run(["-f", "lavfi", "-i", "color=c=\(colour):size=\(size):rate=\(rate)", "-frames:v", "\(frames)",
                 "-pix_fmt", "yuv420p", url.path])
        return url
    }

    /// A PNG of one colour.
    static func solidImage(in folder: URL, name: String, colour: String, size: String = "32x24") throws -> URL {
        let url = folder.appendingPathComponent(name)
        try run(["-f", "lavfi", "-i", "color=c=\(colour):size=\(size)", "-frames:v", "1", url.path])
        return url
    }
}
