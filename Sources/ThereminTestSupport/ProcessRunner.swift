import Foundation

/// Runs a built product of this package (e.g. the `theremin` binary) as a child process, for end-to-end tests that
/// check stdout, stderr and the exit status.
public enum ProcessRunner {
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String

        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// The directory holding the built products: the running executable's, since on Linux the test bundle is itself
    /// an executable (`…/debug/thereminPackageTests.xctest`) beside the products, as are benchmarks using this.
    /// (Not `Bundle.allBundles`: corelibs Foundation leaks the array it builds, which LeakSanitizer reports.)
    public static let productsDirectory: URL = {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent()
    }()

    /// A configuration folder of this test run's own, for children not given one.
    public static let testConfigHome: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("theremin-test-config-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// Path of a built executable, or nil when it was not built.
    public static func product(_ name: String) -> String? {
        let path = productsDirectory.appendingPathComponent(name).path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Runs `executable` with `arguments`, extra environment variables and optional stdin text; waits for it.
    /// - Parameter currentDirectory: where the child runs (this process's current directory when nil).
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                           stdin: String? = nil, currentDirectory: String? = nil) throws -> Result {
        try spawn(executable, arguments, environment: environment, stdin: stdin, currentDirectory: currentDirectory).wait()
    }

    /// Starts `executable` in the background; `wait()` collects its output and status. With `terminal`, its stdin
    /// is that pseudo-terminal (keys typed there reach it as a player's would) instead of `stdin`'s text.
    public static func spawn(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                             stdin: String? = nil, currentDirectory: String? = nil,
                             terminal: PseudoTerminal? = nil) throws -> Running {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        var env = ProcessInfo.processInfo.environment
        // The user's own configuration (presets, remembered mute, the crash journal of takes) stays out of tests:
        // a take another program left running there was reported as interrupted by every replay.
        env["XDG_CONFIG_HOME"] = ProcessRunner.testConfigHome
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = terminal?.terminal ?? input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        return Running(process: process, out: out, err: err)
    }

    /// A child process running in the background. Its output is drained as it comes, so it never blocks on a
    /// full pipe.
    public final class Running: @unchecked Sendable {
        public let process: Process
        private let group = DispatchGroup()
        private var outData = Data()
        private var errData = Data()

        init(process: Process, out: Pipe, err: Pipe) {
            self.process = process
            group.enter()
            DispatchQueue.global().async { [self] in
                errData = err.fileHandleForReading.readDataToEndOfFile()
                group.leave()
            }
            group.enter()
            DispatchQueue.global().async { [self] in
                outData = out.fileHandleForReading.readDataToEndOfFile()
                group.leave()
            }
        }

        /// Sends a signal (SIGINT for Ctrl-C).
        public func signal(_ number: Int32) {
            kill(process.processIdentifier, number)
        }

        /// Waits for the process to end and returns what it printed.
        public func wait() -> Result {
            group.wait()
            process.waitUntilExit()
            return Result(status: process.terminationStatus,
                          stdout: String(decoding: outData, as: UTF8.self),
                          stderr: String(decoding: errData, as: UTF8.self))
        }
    }
}
