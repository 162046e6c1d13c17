import Foundation

/// Points alsa-lib at a configuration written for the tests (through `ALSA_CONFIG_PATH`; nothing under /etc or ~),
/// defining PCMs that capture what is played into files without a sound card:
/// - `capturefile:FILE=/path.raw`: alsa-lib's `file` plugin over `null`, raw interleaved samples;
/// - `default`: the same into `defaultCapturePath`;
/// - `playfile:FILE=/path.raw`: a capture device whose input is read from the raw file (the `file` plugin's `infile`),
///   for testing recording paths such as the tuner.
/// - `paced:FILE=/path.raw,XRUNS=4800:24000,LOG=/path.underruns`: this package's paced test device (a real-time clock
///   like a sound card, forced underruns at those frame positions, each underrun logged as forced or real), when its
///   plugin library has been built; with `LOCK=/path.lock` it is busy (EBUSY) while another process holds that lock.
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
        let config = ALSATestEnvironment.configuration(defaultCapture: defaultCapturePath,
                                                       extra: ALSATestEnvironment.pacedDeviceConfiguration() ?? "")
        _ = FileManager.default.createFile(atPath: configPath, contents: Data(config.utf8))
        setenv("ALSA_CONFIG_PATH", configPath, 1)
        // One folder for the whole test process, removed when it exits (children it started have ended by then).
        alsaTestFolder = directory.path
        atexit { if let folder = alsaTestFolder { try? FileManager.default.removeItem(atPath: folder) } }
    }

    /// The configuration text, also usable by end-to-end tests that run the binary with `ALSA_CONFIG_PATH`.
    public static func configuration(defaultCapture: String, extra: String = "") -> String {
        configuration(default: """
            type file
                slave.pcm { type null }
                file "\(defaultCapture)"
                format raw
            """, extra: extra)
    }

    /// The configuration with `default` defined by `definition`, the body of its braces (e.g. the paced device, as
    /// `type theremin_paced file "/path.raw"`, given `pacedDeviceConfiguration()` in `extra`).
    public static func configuration(default definition: String, extra: String = "") -> String {
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
            \(definition)
        }
        \(extra)
        """
    }

    /// The built paced-device plugin, or nil when `swift build` has not built it.
    public static var pacedPluginPath: String? {
        let path = ProcessRunner.productsDirectory.appendingPathComponent("libasound_module_pcm_theremin_paced.so").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// Why tests that need the paced device skip.
    public static let pacedDeviceMissing = "paced ALSA test device not built: run `swift build --build-tests`"

    /// Configuration defining `paced`, or nil when the plugin is not built.
    public static func pacedDeviceConfiguration() -> String? {
        guard let plugin = pacedPluginPath else { return nil }
        return """
        pcm_type.theremin_paced { lib "\(plugin)" }
        pcm.paced {
            @args [ FILE XRUNS SPEED LOG TIMES LOCK ]
            @args.FILE { type string default "" }
            @args.XRUNS { type string default "" }
            @args.SPEED { type real default 1.0 }
            @args.LOG { type string default "" }
            @args.TIMES { type string default "" }
            @args.LOCK { type string default "" }
            type theremin_paced
            file $FILE
            xruns $XRUNS
            speed $SPEED
            log $LOG
            times $TIMES
            lock $LOCK
        }
        """
    }

    /// A paced device writing into a fresh file, with underruns forced at `xruns` (frame positions) and logged
    /// beside it (`underrunLog(for:)`).
    public func pacedDevice(named name: String, xruns: [Int] = [], speed: Double = 1) -> (device: String, path: String)? {
        guard ALSATestEnvironment.pacedPluginPath != nil else { return nil }
        let path = directory.appendingPathComponent("\(name)-\(UUID().uuidString).raw").path
        return (ALSATestEnvironment.pacedDeviceName(capture: path, xruns: xruns, speed: speed), path)
    }

    /// The name of a paced device capturing into `capture`, forcing underruns at `xruns`, logging every underrun
    /// into `underrunLog(for: capture)` and when each run started playing into `playTimes(for: capture)`.
    public static func pacedDeviceName(capture: String, xruns: [Int] = [], speed: Double = 1) -> String {
        var device = "paced:FILE=\(capture),SPEED=\(speed),LOG=\(underrunLog(for: capture))"
            + ",TIMES=\(playTimesLog(for: capture))"
        if !xruns.isEmpty { device += ",XRUNS=" + xruns.map(String.init).joined(separator: ":") }
        return device
    }

    /// Where the paced device capturing into `capture` logs when each run started playing.
    public static func playTimesLog(for capture: String) -> String { capture + ".times" }

    /// When each frame of the paced device's capture was heard, from its `times` log (a line per run it played: the
    /// capture's frame the run started with and its CLOCK_MONOTONIC time), at speed 1: a real underrun leaves wall
    /// time without sound, so a stretch of the capture lasted longer than its frame count says. Nil without the log.
    public static func playClock(capturedInto capture: String) -> ((Int) -> Double)? {
        guard let text = try? String(contentsOfFile: playTimesLog(for: capture), encoding: .utf8) else { return nil }
        let runs: [(frame: Int, seconds: Double, rate: Double)] = text.split(separator: "\n").compactMap { line in
            let field = line.split(separator: " ")
            guard field.count >= 4, field[0] == "start", let frame = Int(field[1]), let seconds = Double(field[2]),
                  let rate = Double(field[3]), rate > 0 else { return nil }
            return (frame, seconds, rate)
        }
        guard let first = runs.first else { return nil }
        return { frame in
            let run = runs.last { $0.frame <= frame } ?? first
            return run.seconds + Double(frame - run.frame) / run.rate
        }
    }

    /// Where the paced device capturing into `capture` logs its underruns.
    public static func underrunLog(for capture: String) -> String { capture + ".underruns" }

    /// The underruns the paced device capturing into `capture` forced, and the real ones (the application fell behind
    /// its clock, as a loaded machine can make it): tests assert on the forced ones and allow for the real ones.
    public static func underruns(capturedInto capture: String) -> (forced: Int, real: Int) {
        let text = (try? String(contentsOfFile: underrunLog(for: capture), encoding: .utf8)) ?? ""
        let kinds = text.split(separator: "\n").map { $0.split(separator: " ").first ?? "" }
        return (kinds.filter { $0 == "forced" }.count, kinds.filter { $0 == "real" }.count)
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

/// The shared environment's folder, for the exit handler (a C function pointer cannot capture it).
nonisolated(unsafe) private var alsaTestFolder: String?

