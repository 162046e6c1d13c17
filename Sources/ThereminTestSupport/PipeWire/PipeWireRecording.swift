import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What reaches the server's sink, recorded from its monitor with `pw-record` (16-bit stereo WAV at the graph's rate)
/// until `stop()`: the sound as the desktop would play it, after pipewire-alsa and the graph.
public final class PipeWireRecording: @unchecked Sendable {
    private let running: ProcessRunner.Running
    private let path: String

    /// Starts recording the sink's monitor into `path` and waits (up to `timeout`) until the recording stream is in
    /// the graph, so nothing played afterwards is missed.
    /// - Throws: `PipeWireError` when pw-record exits or never appears.
    public init(server: PipeWireServer, into path: String, timeout: Double = 30) throws {
        self.path = path
        let arguments = [
            "--target", server.sinkName, "-P", "stream.capture.sink=true", "--rate", String(server.sampleRate),
            "--channels", "2", "--format", "s16", path,
        ]
        // pw-record processes each cycle in its main thread; at normal priority, a loaded machine starved it and it
        // missed a cycle in four (under stress-ng --cpu 2 --hdd 1): the recording spliced every few hundred samples
        // and read 15-100 cents off in places. Where real-time priority can be had, it runs at SCHED_FIFO as the
        // server's own threads do.
        if geteuid() == 0, let chrt = PipeWireServer.findProgram("chrt"),
           let record = PipeWireServer.findProgram("pw-record") {
            running = try ProcessRunner.spawn(chrt, ["--fifo", "80", record] + arguments,
                                              environment: server.clientEnvironment)
        } else {
            running = try server.spawnTool("pw-record", arguments)
        }
        let pid = running.process.processIdentifier
        let deadline = Date().addingTimeInterval(timeout)
        while !Self.isConnected(pid: pid, server: server) {
            guard running.process.isRunning else {
                let result = running.wait()
                throw PipeWireError(description: "pw-record exited (\(result.status)): \(result.stderr)")
            }
            guard Date() < deadline else {
                running.signal(SIGINT)
                throw PipeWireError(description: "pw-record did not connect to \(server.sinkName) within \(timeout) s")
            }
            usleep(50_000)
        }
    }

    private static func isConnected(pid: Int32, server: PipeWireServer) -> Bool {
        (try? server.graph())?.stream(ofProcess: pid, mediaClass: "Stream/Input/Audio") != nil
    }

    /// A fresh path in memory (/dev/shm) when there is such a file system, else in the temporary folder. pw-record
    /// writes the file from its real-time thread: on a disk, writes that block on a loaded machine made it miss cycles,
    /// and the recording read 10–50 cents off in places.
    public static func memoryBackedPath(named name: String) -> String {
        let folder = FileManager.default.isWritableFile(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        return URL(fileURLWithPath: folder).appendingPathComponent("theremin-\(UUID().uuidString)-\(name)").path
    }

    /// Stops recording (SIGINT: pw-record completes the WAV header) and returns the left channel.
    public func stop() throws -> [Float] {
        running.signal(SIGINT)
        let result = running.wait()
        guard FileManager.default.fileExists(atPath: path) else {
            throw PipeWireError(description: "pw-record wrote nothing (\(result.status)): \(result.stderr)")
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try SoundFile.readMono(path: path)
    }
}
