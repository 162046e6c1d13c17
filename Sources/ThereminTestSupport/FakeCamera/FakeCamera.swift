import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The fake camera cannot run on this machine (no root, no /dev/fuse, mounting refused). Tests turn this into
/// a skip whose message is `description`.
public struct FakeCameraUnavailable: Error, CustomStringConvertible {
    public let description: String
}

/// A fake camera that should have worked here did not (missing executable, failed to start).
public struct FakeCameraError: Error, CustomStringConvertible {
    public let description: String
}

/// A V4L2 capture device served by the `fake-camera` executable over FUSE, mounted in a fresh temporary directory
/// for one test (or one benchmark run) and unmounted by `stop()`.
///
/// The device goes through the real kernel and the real libv4l2, so everything above it is tested as it runs with
/// a webcam. See `fake-camera --help` for what each option does.
public final class FakeCamera: @unchecked Sendable {
    /// The `fake-camera` command line, as data.
    public struct Options: Sendable {
        public var name = "video0"
        public var card = "Fake Camera"
        public var driver = "fake-camera"
        /// Offered fourccs, e.g. `["YUYV", "BGR3"]`.
        public var pixelFormats = ["YUYV"]
        public var sizes: [(width: Int, height: Int)] = [(640, 480), (1280, 720)]
        /// Offered rates in fps; the first is the default.
        public var rates: [Double] = [30]
        /// A video file to serve instead of the moving square (decoded with the ffmpeg command).
        public var video: String?
        /// `open()` fails with EBUSY.
        public var busy = false
        /// Frames delivered before the device vanishes.
        public var unplugAfter: Int?
        /// Seconds until an unplugged device returns.
        public var plugBackAfter: Double?
        /// Frames delivered before the sensor stops.
        public var stallAfter: Int?
        /// Seconds a stall lasts (nil: forever).
        public var stallFor: Double?
        /// Present a metadata node instead of a capture device.
        public var metadata = false
        /// Damage about one MJPEG frame in `every`, where and how `seed` says (`JPEGCorruption` predicts it).
        public var corruptJPEG: (every: Int, seed: UInt64)?
        /// Modes with rates of their own, e.g. `Mode("MJPG", 1280, 720, [60, 30])`; when set, they replace
        /// `pixelFormats` x `sizes` x `rates`.
        public var modes: [Mode] = []
        /// The controls offered and their power-on values, by v4l2-ctl name (`power_line_frequency`); nil: the
        /// fake's defaults (all three), `[:]`: none.
        public var controls: [String: Int]?
        /// A dark room: auto exposure with frame-rate priority halves the frame rate.
        public var dim = false

        /// One format at one size with its rates, fastest first.
        public struct Mode: Sendable {
            public var fourcc: String
            public var width: Int
            public var height: Int
            public var rates: [Double]

            public init(_ fourcc: String, _ width: Int, _ height: Int, _ rates: [Double]) {
                self.fourcc = fourcc
                self.width = width
                self.height = height
                self.rates = rates
            }

            var argument: String {
                "\(fourcc):\(width)x\(height)@" + rates.map { String($0) }.joined(separator: "/")
            }
        }
        /// A file that gets a line per delivered frame: sequence, due time (the buffer's timestamp) and video frame.
        public var frameLog: String?

        public init() {}

        var arguments: [String] {
            func number(_ value: Double) -> String { String(value) }
            var arguments = ["--name", name, "--card", card, "--driver", driver,
                             "--pixel-format", pixelFormats.joined(separator: ","),
                             "--sizes", sizes.map { "\($0.width)x\($0.height)" }.joined(separator: ","),
                             "--rates", rates.map(number).joined(separator: ",")]
            if let video { arguments += ["--video", video] }
            if busy { arguments.append("--busy") }
            if let unplugAfter { arguments += ["--unplug-after", String(unplugAfter)] }
            if let plugBackAfter { arguments += ["--plug-back-after", number(plugBackAfter)] }
            if let stallAfter { arguments += ["--stall-after", String(stallAfter)] }
            if let stallFor { arguments += ["--stall-for", number(stallFor)] }
            if metadata { arguments.append("--metadata") }
            if let corruptJPEG { arguments += ["--corrupt-jpeg", "\(corruptJPEG.every),\(corruptJPEG.seed)"] }
            for mode in modes { arguments += ["--mode", mode.argument] }
            if let controls {
                let items = controls.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                arguments += ["--controls", items.isEmpty ? "none" : items.joined(separator: ",")]
            }
            if dim { arguments.append("--dim") }
            if let frameLog { arguments += ["--frame-log", frameLog] }
            return arguments
        }
    }

    /// The mounted directory: it holds the device file and `control`.
    public let directory: String
    /// The device file, e.g. `/tmp/fake-camera-1A2B/video0`.
    public let devicePath: String
    private let process: Process
    /// The fake camera's process (to raise its priority above a slow machine's spinner).
    public var processIdentifier: Int32 { process.processIdentifier }
    private let output: Pipe
    private let exited = DispatchSemaphore(value: 0)
    private var stopped = false

    /// Mounts a fake camera and waits until its device can be opened.
    ///
    /// - Throws: `FakeCameraUnavailable` when FUSE cannot be used here (callers skip), `FakeCameraError` otherwise.
    public static func start(_ options: Options = Options()) throws -> FakeCamera {
        guard FileManager.default.fileExists(atPath: "/dev/fuse") else {
            throw FakeCameraUnavailable(description: "the fake camera needs /dev/fuse (FUSE), which is missing here")
        }
        guard access("/dev/fuse", R_OK | W_OK) == 0 else {
            throw FakeCameraUnavailable(description: "the fake camera needs /dev/fuse, which this user may not open "
                + "(run the tests as root)")
        }
        guard geteuid() == 0 else {
            throw FakeCameraUnavailable(description: "the fake camera needs root to mount FUSE with ioctls")
        }
        guard let executable = executablePath() else {
            throw FakeCameraError(description: "fake-camera executable not found next to the test bundle; build "
                + "all targets (`swift build --build-tests`) or set THEREMIN_FAKE_CAMERA")
        }
        let template = NSTemporaryDirectory() + "fake-camera-XXXXXX"
        var path = Array(template.utf8CString)
        guard mkdtemp(&path) != nil else {
            throw FakeCameraError(description: "cannot create a temporary directory \(template)")
        }
        let directory = String(decoding: path.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do {
            return try FakeCamera(executable: executable, directory: directory, options: options)
        } catch {
            rmdir(directory)
            throw error
        }
    }

    private init(executable: String, directory: String, options: Options) throws {
        self.directory = directory
        devicePath = directory + "/" + options.name
        process = Process()
        output = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--mount", directory, "--exit-with-parent"] + options.arguments
        process.standardOutput = output
        let exited = self.exited
        process.terminationHandler = { _ in exited.signal() }
        try process.run()

        let reader = output.fileHandleForReading
        let ready = DispatchSemaphore(value: 0)
        let line = LockedText()
        DispatchQueue.global().async {
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                if line.append(chunk).contains("\n") { break }
            }
            ready.signal()
        }
        let deadline = DispatchTime.now() + 60  // a condition: generous, since a loaded machine mounts slowly
        if ready.wait(timeout: deadline) == .timedOut || !line.text.hasPrefix("ready ") {
            stopProcess()
            if process.terminationReason == .exit && process.terminationStatus == 77 {
                throw FakeCameraUnavailable(description: "FUSE cannot be mounted here (fake-camera exit 77)")
            }
            throw FakeCameraError(description: "fake-camera did not become ready (output: \(line.text.debugDescription))")
        }
    }

    deinit { stop() }

    /// Sends a runtime command: `unplug`, `plug`, `stall`, `resume`, `busy on`, `busy off`.
    public func send(_ command: String) throws {
        let control = directory + "/control"
        guard let handle = FileHandle(forWritingAtPath: control) else {
            throw FakeCameraError(description: "cannot open \(control)")
        }
        defer { try? handle.close() }
        try handle.write(contentsOf: Data((command + "\n").utf8))
    }

    /// The fake's status line as key/value pairs (present, streaming, sequence, delivered, dropped, corrupted,
    /// format, size, fps, sensor_fps, and each offered control by name, e.g. `power_line_frequency`).
    public func status() throws -> [String: String] {
        let text = try String(contentsOfFile: directory + "/control", encoding: .utf8)
        var pairs: [String: String] = [:]
        for field in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let parts = field.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { pairs[String(parts[0])] = String(parts[1]) }
        }
        return pairs
    }

    /// Unmounts and removes the directory; safe to call more than once.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        stopProcess()
        umount2(directory, Int32(MNT_DETACH))
        rmdir(directory)
    }

    private func stopProcess() {
        if process.isRunning { process.terminate() }
        if exited.wait(timeout: .now() + 5) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            _ = exited.wait(timeout: .now() + 5)
        }
        try? output.fileHandleForReading.close()
    }

    /// Where the `fake-camera` executable is: `$THEREMIN_FAKE_CAMERA`, else among the built products next to the
    /// test bundle, else next to the running program (e.g. `capture-bench`).
    public static func executablePath() -> String? {
        if let configured = ProcessInfo.processInfo.environment["THEREMIN_FAKE_CAMERA"] { return configured }
        if let built = ProcessRunner.product("fake-camera") { return built }
        guard let program = CommandLine.arguments.first else { return nil }
        let path = URL(fileURLWithPath: program).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("fake-camera").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }
}

/// Text gathered from another thread.
private final class LockedText: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ chunk: Data) -> String {
        lock.withLock {
            data.append(chunk)
            return String(decoding: data, as: UTF8.self)
        }
    }

    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}
