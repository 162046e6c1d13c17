import Foundation

/// An X server without a screen (Xvfb) for tests of windows: started on a display number it picks itself, grabbed
/// with ffmpeg's x11grab, driven with xdotool, stopped by `stop()`.
public final class VirtualDisplay: @unchecked Sendable {
    /// The value for `DISPLAY`, e.g. ":3".
    public let name: String
    public let width: Int
    public let height: Int
    private let process: Process

    /// What is missing when a virtual display cannot be had here, or nil when it can.
    public static var unavailableReason: String? {
        if executable("Xvfb") == nil { return "Xvfb is not installed (Debian package xvfb)" }
        if FFmpeg.path == nil { return "ffmpeg is not installed (Debian package ffmpeg): cannot grab the screen" }
        return nil
    }

    /// Starts Xvfb with a `width` x `height` 24-bit screen and waits until it accepts clients.
    ///
    /// `timeout` only bounds a wait for conditions (the display number written, a client connected), so it is
    /// generous: Xvfb was ready in 1.8-3.6 s at load 8 here, yet took more than 10 s now and then while a full suite
    /// ran beside other builds on both cores.
    /// - Throws: `VirtualDisplayError` when Xvfb is missing, fails, or is not ready within `timeout` seconds.
    public init(width: Int = 1024, height: Int = 768, timeout: Double = 60) throws {
        guard let xvfb = VirtualDisplay.executable("Xvfb") else {
            throw VirtualDisplayError(description: "Xvfb is not installed (Debian package xvfb)")
        }
        self.width = width
        self.height = height
        process = Process()
        process.executableURL = URL(fileURLWithPath: xvfb)
        // -displayfd: Xvfb picks a free display number and writes it to stdout once it is ready for clients.
        // -noreset: by default the server resets whenever its last client leaves (each screen grab is a client that
        // leaves), and a program connecting during the reset is refused ("cannot connect to the X display").
        process.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let ready = DispatchSemaphore(value: 0)
        let reader = NumberReader()
        DispatchQueue.global().async {
            reader.read(output.fileHandleForReading)
            ready.signal()
        }
        guard ready.wait(timeout: .now() + timeout) == .success, let number = reader.number else {
            process.terminate()
            process.waitUntilExit()
            throw VirtualDisplayError(description: "Xvfb did not start within \(timeout) s")
        }
        name = ":\(number)"
        try waitUntilClientsConnect(within: timeout)
    }

    /// Waits until a client really connects (xwininfo lists the root window), where x11-utils is installed: the
    /// display number is written when the server listens, and a loaded machine may still be setting the screen up.
    private func waitUntilClientsConnect(within timeout: Double) throws {
        guard let xwininfo = VirtualDisplay.executable("xwininfo") else { return }
        let deadline = Date().addingTimeInterval(timeout)
        while (try? run(xwininfo, ["-root"])) == nil {
            guard Date() < deadline, process.isRunning else {
                stop()
                throw VirtualDisplayError(description: "Xvfb on \(name) accepted no client within \(timeout) s")
            }
            usleep(20_000)
        }
    }

    deinit { stop() }

    /// Stops the X server (idempotent).
    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// The screen's top-left `width` x `height` pixels now, also saved as a PNG at `png` when given.
    public func grab(width: Int? = nil, height: Int? = nil, png: URL? = nil) throws -> RGBPicture {
        let size = "\(width ?? self.width)x\(height ?? self.height)"
        let input = ["-f", "x11grab", "-draw_mouse", "0", "-video_size", size, "-i", name, "-frames:v", "1"]
        let data: Data
        if let png {
            _ = try FFmpeg.run(["-y"] + input + [png.path])
            data = try FFmpeg.run(["-i", png.path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        } else {
            data = try FFmpeg.run(input + ["-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        }
        guard let picture = RGBPicture(width: width ?? self.width, height: height ?? self.height, rgb: [UInt8](data))
        else { throw VirtualDisplayError(description: "the screen grab of \(size) came back short (\(data.count) bytes)") }
        return picture
    }

    /// Why the windows cannot be listed (xwininfo missing), or nil when they can.
    public static var windowListUnavailableReason: String? {
        executable("xwininfo") == nil ? "xwininfo is not installed (Debian package x11-utils)" : nil
    }

    /// The names of the top-level windows on the screen (`xwininfo -root -tree`).
    /// - Throws: `VirtualDisplayError` when xwininfo is missing or fails.
    public func windowNames() throws -> [String] {
        guard let xwininfo = VirtualDisplay.executable("xwininfo") else {
            throw VirtualDisplayError(description: VirtualDisplay.windowListUnavailableReason ?? "xwininfo is missing")
        }
        let text = try run(xwininfo, ["-root", "-tree"])
        return text.split(separator: "\n").compactMap { line in
            guard let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].firstIndex(of: "\"")
            else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    /// Presses `key` (an X key name such as "q", "space", "Escape") in the window titled `window`.
    /// - Throws: `VirtualDisplayError` when xdotool is missing or fails.
    public func press(_ key: String, inWindow window: String) throws {
        guard let xdotool = VirtualDisplay.executable("xdotool") else {
            throw VirtualDisplayError(description: "xdotool is not installed (Debian package xdotool)")
        }
        _ = try run(xdotool, ["search", "--sync", "--name", "^\(window)$", "windowfocus", "--sync", "key", key])
    }

    private func run(_ executable: String, _ arguments: [String]) throws -> String {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: executable)
        child.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = name
        child.environment = environment
        let output = Pipe()
        child.standardOutput = output
        child.standardError = FileHandle.nullDevice
        try child.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        guard child.terminationStatus == 0 else {
            throw VirtualDisplayError(description: "\(executable) \(arguments.joined(separator: " ")) failed "
                + "with status \(child.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    static func executable(_ name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// A virtual display that should have worked did not.
public struct VirtualDisplayError: Error, CustomStringConvertible {
    public let description: String
}

/// Reads Xvfb's display number: digits up to the first newline.
private final class NumberReader: @unchecked Sendable {
    private(set) var number: Int?

    func read(_ handle: FileHandle) {
        var text = ""
        while !text.contains("\n") {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
