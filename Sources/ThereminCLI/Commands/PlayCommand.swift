import Foundation
import ThereminAudio
import ThereminCapture
import ThereminCore

/// `theremin` (live play) and `theremin --calibrate` from the camera: opens the camera (reconnecting when it is
/// unplugged), loads the calibration saved for it, and runs the live session; with no camera at all and none named,
/// live play plays the demo instead (`NoCameraFound.demoInstead`).
struct PlayCommand {
    let settings: Settings
    var calibrateOnly = false

    func run() throws -> RunResult {
        // Before the camera's controls are changed: Ctrl-C during start-up must end through the path that puts
        // them back (the session stops at once when a signal came early).
        SignalWatch.install()
        var configuration = V4L2Camera.Configuration()
        configuration.device = settings.camera
        configuration.size = settings.frameSize.map { PixelSize(width: $0.width, height: $0.height) }
        configuration.framesPerSecond = settings.frameRate.map(Double.init)
        configuration.format = settings.cameraFormat
        configuration.controls = settings.cameraControls
        // The tracker samples its crops from YUYV itself; the preview converts only the frames it shows.
        configuration.keepsYUYV = true
        let camera: ReconnectingCamera
        do {
            camera = try ReconnectingCamera(configuration, scheduler: RealtimeThreads(audioPriority: settings.jackRenderPriority))
        } catch {
            if let demo = NoCameraFound.demoInstead(of: settings, after: error, calibrating: calibrateOnly) {
                return try DemoCommand(settings: demo, standingIn: NoCameraFound.playingTheDemo).run()
            }
            throw NoCameraFound.wrapping(error)
        }
        defer { camera.close() }
        if settings.verbose {
            Output.err(([camera.modeDescription] + camera.controlNotes).map { $0 + "\n" }.joined())
        }
        let tracker = try TrackerFactory.make(settings, frameRate: camera.nominalFrameRate)
        let key = CalibrationChoice.key(camera: camera.devicePath, card: camera.card)
        let calibration = calibrateOnly ? .identity : CalibrationChoice.load(settings, key: key)
        let play = LivePlay(settings: settings, calibrationKey: key, calibrateOnly: calibrateOnly)
        return try play.run(source: camera, tracking: tracker, calibration: calibration, paceByFrameTime: false,
                            isTransient: { ($0 as? V4L2Error)?.isDeviceLost == true })
    }
}

extension Settings {
    /// The camera controls to set while playing: the frame rate held, and the anti-flicker filter at `--mains` or
    /// at the frequency guessed from the time zone (left alone when there is no guess).
    var cameraControls: CameraControlRequest {
        if let mains { return CameraControlRequest(mains: mains, mainsSource: "--mains \(mains.rawValue)") }
        let guess = MainsFrequency.guess()
        guard let frequency = guess.frequency else {
            return CameraControlRequest(mains: nil, mainsSource: "\(guess.source); give --mains 50 or 60")
        }
        return CameraControlRequest(mains: frequency, mainsSource: guess.source + "; --mains changes it")
    }
}
