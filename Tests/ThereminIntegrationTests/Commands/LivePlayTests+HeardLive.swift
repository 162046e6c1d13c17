import Foundation
import ThereminCore
import ThereminTestSupport
import XCTest

/// A clip of a corpus hand photo moving on a grey background played live through the fake camera and the paced
/// device, and what was heard of it: the camera logs when each frame was due, the device when each sample played, so
/// each period of the tone is placed at the clip's time when it was heard.
extension LivePlayTests {
    struct HeardLive {
        var result: ProcessRunner.Result
        /// The heard tone as a height (440 − 220 y), at the clip's time, from 1.5 s after the first sound.
        var heights: [(t: Double, value: Double)]
        /// The fingertip's height as the tracker measured it (the take), at each frame's time in the clip.
        var measured: [(t: Double, value: Double)] = []
        /// `--stats`: frames tracked a second, and capture to speaker (median and p95, seconds).
        var trackedRate: Double
        var total: (median: Double, p95: Double)

        init(result: ProcessRunner.Result, heights: [(t: Double, value: Double)]) {
            self.result = result
            self.heights = heights
            let stats = result.stderr.split(separator: "\n")
            trackedRate = stats.first { $0.hasPrefix("tracker ") }.flatMap { Double($0.split(separator: " ")[1]) } ?? 0
            let total = stats.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("total ") }?
                .split(separator: " ").compactMap { Double($0) }.map { $0 / 1000 } ?? []
            self.total = (total.first ?? .infinity, total.dropFirst().first ?? .infinity)
        }

        /// Skips, saying so, when fewer than `periods` periods were heard while the camera ran: a camera or capture
        /// thread starved by other work (a debug build on a busy machine) is no property of the program.
        func skipIfStarved(below periods: Int, in clip: ClosedRange<Double> = 0...Double.infinity) throws {
            let heard = heights.filter { clip.contains($0.t) }.count
            guard heard < periods else { return }
            throw XCTSkip("the machine starved the camera or the tracker (\(heard) periods heard in \(clip), "
                          + "\(trackedRate) fps tracked, \(total.median * 1000) ms from capture to speaker)")
        }
    }

    /// A 640x480 clip at 60 fps of the hand photo at `y(t)` pixels below row 110 (an ffmpeg expression in t).
    func handClip(named name: String, y: String, seconds: Int = 4) throws -> String {
        let corpus = try TestMedia.requireCorpus()
        try TestMedia.requireFFmpeg()
        let clip = directory.appendingPathComponent(name).path
        try TestMedia.runFFmpeg([
            "-f", "lavfi", "-i", "color=c=gray:s=640x480:r=60:d=\(seconds)", "-loop", "1",
            "-i", corpus.appendingPathComponent("hands_gt/freihand_00000355.jpg").path, "-filter_complex",
            "[1]scale=-1:260[h];[0][h]overlay=x=(W-w)/2:y='110+\(y)':eval=frame:shortest=1",
            "-r", "60", "-c:v", "libx264", "-crf", "12", "-pix_fmt", "yuv420p", clip,
        ])
        return clip
    }

    /// Plays `clip` live at 60 fps for `seconds` of sound with `options`; `slow` raises the camera above its spinner.
    func heardLive(_ clip: String, seconds: Double = 6, options: [String] = [], slow: SlowMachine? = nil) throws
        -> HeardLive {
        let frameLog = directory.appendingPathComponent(UUID().uuidString + ".frames").path
        let camera = try startCamera(video: clip) {
            $0.rates = [60]
            $0.frameLog = frameLog
        }
        defer { camera.stop() }
        try slow?.raise(camera.processIdentifier)
        let alsa = try alsaConfig()
        try? FileManager.default.removeItem(atPath: alsa.capture)
        let device = ALSATestEnvironment.pacedDeviceName(capture: alsa.capture)
        let take = directory.appendingPathComponent(UUID().uuidString + ".csv").path
        let running = try ProcessRunner.spawn(binary, [
            "--camera", camera.devicePath, "--audio-device", device, "--no-preview", "--stats",
            "--wave", "sine", "--volume", "1", "--mute-cues", "--record", take,
        ] + options, environment: ["ALSA_CONFIG_PATH": alsa.path, "XDG_CONFIG_HOME": directory.path])
        let played = waitForCapture(alsa.capture, seconds: seconds, timeout: 60 + seconds)
        running.signal(SIGINT)
        let result = running.wait()
        XCTAssertTrue(played, "\(seconds) s of sound: \(result.stderr)")
        XCTAssertEqual(result.status, 0, result.stderr)
        let cameraClock = try CameraClock(frameLog: frameLog, fps: 60)
        let playClock = try PlayClock(capture: alsa.capture)
        let sound = try ALSATestEnvironment.readFloatCapture(path: alsa.capture, channels: 2)
        var heights: [(t: Double, value: Double)] = []
        var start: Double?
        for point in HeardPitch.track(sound, sampleRate: playClock.rate) {
            let time = playClock.time(ofFrame: point.frame)
            start = start ?? time
            guard time > (start ?? time) + 1.5, let clip = cameraClock.clipTime(at: time) else { continue }
            heights.append((clip, (440 - point.frequency) / 220))
        }
        var heard = HeardLive(result: result, heights: heights)
        // Trace time is capture time less the take's clock origin, which its header notes.
        let trace = try TraceReader.read(path: take)
        let origin = try String(contentsOfFile: take, encoding: .utf8).split(separator: "\n")
            .first { $0.hasPrefix("# \(TraceFormat.clockOriginMarker): monotonic ") }
            .flatMap { $0.split(separator: " ").last.flatMap { Double($0) } } ?? 0
        heard.measured = trace.samples.filter(\.present).compactMap { sample in
            cameraClock.clipTime(at: sample.t + origin).map { (t: $0, value: sample.y) }
        }
        return heard
    }
}
