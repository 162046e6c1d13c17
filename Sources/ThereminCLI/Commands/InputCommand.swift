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
        return try LivePlay(settings: settings).run(source: source, tracker: tracker, calibration: calibration,
                                                    paceByFrameTime: true, isTransient: { _ in false })
    }

    private func offline(source: FrameSource, tracker: HandTracker, calibration: Calibration) throws {
        let metadata = TraceMetadataBuilder.make(settings, source: source, tracker: settings.tracker.rawValue,
                                                 calibration: calibration)
        // Open both outputs first, so a bad path fails before minutes of tracking.
        let hands = settings.music.handCount
        // Like a live take, an offline trace never replaces an existing file: it takes the next free name.
        let tracePath = try settings.record.map { asked in
            let free = try FreeName.forTrace(asked)
            RecordedTake.note(free)
            return free
        }
        let traceWriter = try tracePath.map { try TraceWriter(path: $0, metadata: metadata, hands: hands) }
        let soundWriter: SoundFileWriter?
        let setup: RenderSetup?
        do {
            // The backing track is decoded before tracking too: the render is the same as --replay's.
            setup = try settings.output.map { _ in
                try RenderSetup(sound: settings.sound, calibration: calibration, sampleRate: settings.sampleRate,
                                files: BackingTrackLoader.self)
            }
            soundWriter = try settings.output.map { try SoundFileWriter(path: $0, sampleRate: settings.sampleRate, channels: 2) }
        } catch {
            traceWriter?.discard()
            throw error
        }
        let progress = CountProgress(label: "tracking \(URL(fileURLWithPath: path).lastPathComponent)")
        let input = OfflineInput(source: source, name: path, tracker: tracker,
                                 forgetsBetweenFrames: InputSource.framesAreIndependent(source))
        let frames: [HandsFrame]
        do {
            frames = try input.track(progress: progress.update)
            progress.finish()
            if let traceWriter { try OfflineInput.record(frames, into: traceWriter) }
        } catch {
            traceWriter?.discard()
            soundWriter?.discard()
            throw error
        }
        let seen = frames.filter { !$0.present.isEmpty }.count
        var summary = "tracked \(frames.count) frames from \(path), hand in \(seen)"
        if let tracePath, let asked = settings.record {
            summary += "; trace \(tracePath)" + (tracePath == asked ? "" : " (\(asked) exists)")
        }
        let trace = OfflineInput.trace(of: frames, metadata: metadata, hands: hands)
        if let soundWriter, let setup {
            let render = setup.performance(of: trace)
            try render.render(into: soundWriter, progress: ProgressBar(label: "rendering").update)
            summary += String(format: "; sound %@ (%.1f s)", soundWriter.path, render.duration)
        }
        Output.out(summary + "\n")
        if settings.oscOut != nil {
            let plan = ReplayPlan(trace: trace, mapper: settings.sound.mapper(calibratedBy: calibration),
                                  sampleRate: Double(settings.sampleRate), tail: 0)
            ReplayCommand(settings: settings, tracePath: path).sendOSC(trace, plan: plan)
        }
    }
}

/// The metadata written at the top of a recorded trace: where it came from and the settings it was played with.
enum TraceMetadataBuilder {
    static func make(_ settings: Settings, source: FrameSource, tracker: String, calibration: Calibration) -> TraceMetadata {
        var entries: [(key: String, value: String)] = [
            ("source", source.name),
            ("frame-size", "\(source.frameSize.width)x\(source.frameSize.height)"),
        ]
        if let rate = source.nominalFrameRate { entries.append(("frame-rate", String(format: "%.3f", rate))) }
        entries.append(("tracker", tracker))
        entries.append(("calibration", CalibrationChoice.metadataValue(calibration)))
        var mapping = String(format: "%@ %.3f-%.3f Hz", settings.mapping.law.rawValue, settings.mapping.low,
                             settings.mapping.high)
        if let side = settings.mapping.antennaSide {
            mapping += String(format: ", rod %@, field %g", side.rawValue, settings.mapping.antenna.field)
        }
        entries.append(("mapping", mapping))
        switch settings.smoothing {
        case .motion: entries.append(("smoothing", "expressive"))
        case .oneEuro(let filter):
            entries.append(("smoothing", String(format: "min-cutoff=%g beta=%g d-cutoff=%g", filter.minCutoff,
                                                filter.beta, filter.derivativeCutoff)))
        }
        entries.append(("theremin", Version.current))
        return TraceMetadata(entries)
    }
}
