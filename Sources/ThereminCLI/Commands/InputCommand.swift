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

    func run() throws -> RunResult {
        let source = try InputSource.open(path)
        defer { source.close() }
        let tracksOffline = settings.record != nil || settings.output != nil
        let tracker = try TrackerFactory.make(settings, stillImages: InputSource.framesAreIndependent(source),
                                              frameRate: tracksOffline ? nil : source.nominalFrameRate)
        let calibration = CalibrationChoice.load(settings, key: CalibrationChoice.key(input: path))
        if tracksOffline {
            return RunResult(.succeeded, take: try offline(source: source, tracker: tracker, calibration: calibration))
        }
        var play = LivePlay(settings: settings)
        play.stillImages = InputSource.framesAreIndependent(source)
        return try play.run(source: source, tracking: tracker, calibration: calibration,
                                                    paceByFrameTime: true, isTransient: { _ in false })
    }

    /// Tracks, records and renders through the session's offline run, its outputs opened first (the backing track
    /// decoded too: the render is the same as --replay's); returns where the take went.
    private func offline(source: FrameSource, tracker: HandTracker, calibration: Calibration) throws -> String? {
        var take: String?
        let metadata = TraceMetadataBuilder.make(settings, source: source, tracker: settings.tracker.rawValue,
                                                 calibration: calibration)
        let stillImages = InputSource.framesAreIndependent(source)
        let input = OfflineInput(source: source, name: path, tracker: tracker, forgetsBetweenFrames: stillImages,
                                 playerLock: settings.lockSettings(stillImages: stillImages).map {
                                     PlayerLock(settings: $0, calibration: calibration)
                                 })
        let run = try OfflineRun(input: input, metadata: metadata, hands: settings.music.handCount,
                                 recordingAs: settings.record, named: { take = $0 },
                                 render: settings.output.map { output in {
                                     (try RenderSetup(sound: settings.sound, calibration: calibration,
                                                      sampleRate: settings.sampleRate, files: BackingTrackLoader.self),
                                      try SoundFileWriter(path: output, sampleRate: settings.sampleRate, channels: 2))
                                 } })
        let progress = CountProgress(label: "tracking \(URL(fileURLWithPath: path).lastPathComponent)")
        let result = try run.run(tracking: progress.update, tracked: progress.finish,
                                 rendering: ProgressBar(label: "rendering").update)
        Output.out(result.summary(input: path, output: settings.output) + "\n")
        settings.traceOutputs(tracePath: path).sendOSC(result.trace, calibration: calibration)
        return take
    }
}
