import Foundation

/// Points alsa-lib at a configuration written for the tests (through `ALSA_CONFIG_PATH`; nothing under /etc or ~),
/// defining PCMs that capture what is played into files without a sound card:
/// - `capturefile:FILE=/path.raw`: alsa-lib's `file` plugin over `null`, raw interleaved samples;
/// - `default`: the same into `defaultCapturePath`;
/// - `playfile:FILE=/path.raw`: a capture device whose input is read from the raw file (the `file` plugin's `infile`),
///   for testing recording paths such as the tuner.
///
/// alsa-lib reads its configuration once per process, so every test uses this one environment.
public final class ALSATestEnvironment: @unchecked Sendable {
    public static let shared = ALSATestEnvironment()

    public let directory: URL
    public let configPath: String
    public let defaultCapturePath: String

    private init() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("theremin-alsa-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        configPath = directory.appendingPathComponent("asound.conf").path
        defaultCapturePath = directory.appendingPathComponent("default.raw").path
        let config = ALSATestEnvironment.configuration(defaultCapture: defaultCapturePath)
        _ = FileManager.default.createFile(atPath: configPath, contents: Data(config.utf8))
        setenv("ALSA_CONFIG_PATH", configPath, 1)
    }

    /// The configuration text, also usable by end-to-end tests that run the binary with `ALSA_CONFIG_PATH`.
    public static func configuration(defaultCapture: String, extra: String = "") -> String {
        """
        pcm.capturefile {
            @args [ FILE ]
            @args.FILE { type string }
            type file
            slave.pcm { type null }
            file $FILE
            format raw
        }
        pcm.playfile {
            @args [ FILE ]
            @args.FILE { type string }
            type file
            slave.pcm { type null }
            file "/dev/null"
            infile $FILE
            format raw
        }
        pcm.!default {
            type file
            slave.pcm { type null }
            file "\(defaultCapture)"
            format raw
        }
        \(extra)
        """
    }

    /// A fresh capture file path and the device name that writes into it.
    public func captureDevice(named name: String) -> (device: String, path: String) {
        let path = directory.appendingPathComponent("\(name)-\(UUID().uuidString).raw").path
        return ("capturefile:FILE=\(path)", path)
    }

    /// Writes `samples` (mono 32-bit float, native little-endian) to a fresh raw file and returns the capture device
    /// that plays it into a recording program, and the file's path.
    public func inputDevice(named name: String, samples: [Float]) throws -> (device: String, path: String) {
        let path = directory.appendingPathComponent("\(name)-\(UUID().uuidString)-in.raw").path
        try ALSATestEnvironment.writeFloatRaw(samples, to: path)
        return ("playfile:FILE=\(path)", path)
    }

    /// Writes mono 32-bit float samples as raw bytes.
    public static func writeFloatRaw(_ samples: [Float], to path: String) throws {
        let data = samples.withUnsafeBufferPointer { Data(buffer: $0) }
        try data.write(to: URL(fileURLWithPath: path))
    }

    /// Reads a raw capture of interleaved 32-bit floats and returns one channel.
    public static func readFloatCapture(path: String, channels: Int, channel: Int = 0) throws -> [Float] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let count = data.count / MemoryLayout<Float>.size
        return data.withUnsafeBytes { raw -> [Float] in
            let floats = raw.bindMemory(to: Float.self)
            return stride(from: channel, to: count, by: channels).map { floats[$0] }
        }
    }
}
