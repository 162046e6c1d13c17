import Foundation
import ThereminAudio
import ThereminCore
import ThereminSession
import ThereminTracking
import ThereminVideo

/// `theremin --input PATH`: a video file, an image or a folder of images instead of the camera. With `--record` or
/// `--output` the run is offline (every frame, as fast as possible, no sound card); otherwise it plays live at the
/// file's frame rate, as if the file were a camera.
struct InputCommand {
    let settings: Settings
    let path: String

    func run() throws -> Outcome {
        let source = try InputSource.open(path)
        defer { source.close() }
        let tracksOffline = settings.record != nil || settings.output != nil
        let tracker = try TrackerFactory.make(settings, stillImages: InputSource.framesAreIndependent(source),
                                              frameRate: tracksOffline ? nil : source.nominalFrameRate)
        let calibration = CalibrationChoice.load(settings, key: CalibrationChoice.key(input: path))
        if tracksOffline {
            try offline(source: source, tracker: tracker, calibration: calibration)
            return .succeeded
        }
        return try LivePlay(settings: settings).run(source: source, tracking: tracker, calibration: calibration,
                                                    paceByFrameTime: true, isTransient: { _ in false })
    }

    /// Tracks, records and renders through the session's offline run; opens its outputs first, so a bad path fails
    /// before minutes of tracking.
    private func offline(source: FrameSource, tracker: HandTracker, calibration: Calibration) throws {
        let metadata = TraceMetadataBuilder.make(settings, source: source, tracker: settings.tracker.rawValue,
                                                 calibration: calibration)
        let input = OfflineInput(source: source, name: path, tracker: tracker,
                                 forgetsBetweenFrames: InputSource.framesAreIndependent(source))
        var run = OfflineRun(input: input, metadata: metadata, hands: settings.music.handCount)
        // Like a live take, an offline trace never replaces an existing file: it takes the next free name.
        let tracePath = try settings.record.map { asked in
            let free = try FreeName.forTrace(asked)
            RecordedTake.note(free)
            return free
        }
        run.recording = try tracePath.map { try TraceWriter(path: $0, metadata: metadata, hands: run.hands) }
        do {
            // The backing track is decoded before tracking too: the render is the same as --replay's.
            run.render = try settings.output.map { output in
                (try RenderSetup(sound: settings.sound, calibration: calibration, sampleRate: settings.sampleRate,
                                 files: BackingTrackLoader.self),
                 try SoundFileWriter(path: output, sampleRate: settings.sampleRate, channels: 2))
            }
        } catch {
            run.recording?.discard()
            throw error
        }
        let progress = CountProgress(label: "tracking \(URL(fileURLWithPath: path).lastPathComponent)")
        let result = try run.run(tracking: progress.update, tracked: progress.finish,
                                 rendering: ProgressBar(label: "rendering").update)
        var summary = "tracked \(result.frames) frames from \(path), hand in \(result.framesWithHand)"
        if let tracePath, let asked = settings.record {
            summary += "; trace \(tracePath)" + (tracePath == asked ? "" : " (\(asked) exists)")
        }
        if let output = settings.output, let seconds = result.renderedSeconds {
            summary += String(format: "; sound %@ (%.1f s)", output, seconds)
        }
        Output.out(summary + "\n")
        if settings.oscOut != nil {
            let plan = ReplayPlan(trace: result.trace, mapper: settings.sound.mapper(calibratedBy: calibration),
                                  sampleRate: Double(settings.sampleRate), tail: 0)
            ReplayCommand(settings: settings, tracePath: path).sendOSC(result.trace, plan: plan)
        }
    }
}
