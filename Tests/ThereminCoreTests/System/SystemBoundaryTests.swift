import Foundation
import XCTest

/// One system boundary per module: a raw C call (the C libraries' functions, the system's calls, errno and EINTR)
/// only in that module's call files, where errno is read right after its call and interruptions are retried through
/// Core's `SystemCall`; every other file sees typed Swift values. Reads the sources of every module of the program,
/// so a new raw call fails here with its file and line.
final class SystemBoundaryTests: XCTestCase {
    private let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    /// Each module of the program and the files that may call C, each for the library it wraps. Test
    /// infrastructure (ThereminTestSupport, the fake camera, the benchmarks and checks) is not the program and is
    /// not held to it.
    private let callFiles: [String: [String]] = [
        "ThereminCore": ["System/"],  // files, processes, clocks, the monotonic condition
        "ThereminCapture": ["Internals/V4L2Device.swift",  // libv4l2, poll, eventfd
                            "Internals/JPEGDecoder.swift"],  // TurboJPEG
        "ThereminVideo": ["Internals/VideoCalls.swift"],  // the video shim
        "ThereminTracking": ["Internals/TrackerCalls.swift"],  // the tracker shim
        "ThereminPreview": ["Internals/PreviewCalls.swift"],  // the preview shim
        "VisionCalls": ["VisionLibrary.swift", "ShimStatus.swift"],  // dlopen of the shims, their status
        "ThereminAudio": ["Internals/ALSACalls.swift",  // alsa-lib
                          "Internals/SoundFileCalls.swift",  // libsndfile, libsamplerate
                          "Internals/SystemBus.swift",  // libdbus (RealtimeKit)
                          "Internals/ThreadCalls.swift",  // scheduling, resource limits, memory locking
                          "Internals/PageAlignedStaging.swift",  // page-aligned memory for the device
                          "Internals/SocketCalls.swift"],  // a sound server's socket, tried
        "ThereminOSC": ["Internals/Liblo.swift",  // liblo
                        "Internals/UDPSocket.swift"],  // the socket liblo sends through
        "ThereminJACK": ["Internals/JACKCalls.swift"],  // libjack
        "ThereminLV2": ["Internals/LilvCalls.swift", "Internals/LV2Instance.swift"],  // lilv, the host features
        "ThereminDevices": [],
        "ThereminSession": [],
        "ThereminCLI": ["Internals/TerminalCalls.swift"],  // the terminal, stdin, the stopping signals
    ]

    /// C library functions by prefix, the system's calls by name (the names Swift code also uses for its own
    /// methods, `open`, `read`, `write`, `close`, count when called on a raw descriptor or qualified), errno, EINTR
    /// and the open flags.
    private let pattern = #"""
        (?<![.\w])(snd_|sf_|src_|tj|v4l2_|dbus_|lo_|xcb_|pthread_|sched_|dl)\w*\(
        | (?<![.\w])(?<!func\ )(?<!case\ )(ioctl|poll|ppoll|mmap|munmap|unlink|rename|fsync|fdatasync|ftruncate|pwrite|pread|lseek|dup2?
          |pipe2?|fcntl|lstat|fstat|kill|getpid|gettid|syscall|clock_gettime|clock_nanosleep|nanosleep|usleep|strerror
          |getrlimit|setrlimit|mlockall|munlockall|prctl|tcgetattr|tcsetattr|isatty|signal|sigaction|sigprocmask
          |socket|bind|sendto|recvfrom|getaddrinfo|setsockopt|eventfd|posix_memalign|setenv|unsetenv|execv|fork
          |waitpid)\(
        | \b(Foundation|Glibc)\.(open|read|write|close)\( | (?<![.\w])(read|write)\(STD(IN|OUT|ERR)_FILENO
        | (?<![.\w])errno\b(?!\s*:) | \bEINTR\b | \bO_[A-Z]+\b
        """#

    private func rawCalls() throws -> NSRegularExpression {
        try NSRegularExpression(pattern: pattern, options: [.allowCommentsAndWhitespace])
    }

    /// The code lines of every Swift file under `folder` (paths relative to it), comments and strings left out.
    private func codeLines(under folder: URL) throws -> [(file: String, line: Int, text: String)] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var lines: [(String, Int, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            let name = String(url.path.dropFirst(folder.path.count + 1))
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                var code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("//") { continue }
                code = code.replacingOccurrences(of: #""(?:[^"\\]|\\.)*""#, with: "\"\"", options: .regularExpression)
                if let comment = code.range(of: "//") { code = String(code[..<comment.lowerBound]) }
                lines.append((name, index + 1, code))
            }
        }
        return lines
    }

    /// Whether the file declares a value of its own called `errno` (an error's field), which is not the C global.
    private func declaresErrno(_ lines: [(file: String, line: Int, text: String)], file: String) -> Bool {
        lines.contains { $0.file == file && $0.text.range(of: #"\b(var|let) errno\b"#, options: .regularExpression) != nil }
    }

    func testEveryModuleCallsCOnlyInItsCallFiles() throws {
        let raw = try rawCalls()
        var found: [String] = []
        for (module, allowed) in callFiles.sorted(by: { $0.key < $1.key }) {
            let folder = sources.appendingPathComponent(module)
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path), "sources at \(folder.path)")
            let lines = try codeLines(under: folder)
            XCTAssertFalse(lines.isEmpty, module)
            for line in lines where !allowed.contains(where: { line.file.hasPrefix($0) }) {
                let range = NSRange(line.text.startIndex..., in: line.text)
                guard let match = raw.firstMatch(in: line.text, range: range),
                      let token = Range(match.range, in: line.text) else { continue }
                if line.text[token].hasPrefix("errno") && declaresErrno(lines, file: line.file) { continue }
                found.append("\(module)/\(line.file):\(line.line): \(line.text)")
            }
        }
        XCTAssertEqual(found, [], "move the call into the module's call file (or list a new one here, with its library)")
    }

    func testEveryModuleOfTheProgramIsScanned() throws {
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path)
            .filter { $0.hasPrefix("Theremin") || $0 == "VisionCalls" }
        XCTAssertEqual(Set(modules).subtracting(["ThereminTestSupport"]), Set(callFiles.keys))
    }

    func testNoModuleRetriesInterruptedCallsItself() throws {
        let loops = try codeLines(under: sources).filter { line in
            !line.file.hasPrefix("ThereminCore/System/") && line.text.contains("EINTR") && line.text.contains("errno")
        }
        XCTAssertEqual(loops.map { "\($0.file):\($0.line): \($0.text)" }, [], "use SystemCall.retryingInterrupts")
    }

    func testTheScanFindsARawCall() throws {
        let raw = try rawCalls()
        for line in ["let fd = open(path, O_RDONLY)", "if errno == EAGAIN {", "snd_pcm_start(handle)",
                     "_ = read(STDIN_FILENO, &byte, 1)", "usleep(20)", "tjDestroy(handle)"] {
            XCTAssertNotNil(raw.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)), line)
        }
        for line in ["camera.close()", "try write(frame.primary)", "static func connect(_ settings: Settings)",
                     "func poll() -> [LiveKey] {", "case signal(Int32)",
                     "init(errno: Int32)", "deinit { close() }"] {
            XCTAssertNil(raw.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)), line)
        }
    }
}
