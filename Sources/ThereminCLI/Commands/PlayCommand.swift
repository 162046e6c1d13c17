import Foundation
import ThereminCapture
import ThereminCore

/// `theremin` (live play) and `theremin --calibrate` from the camera: opens the camera (reconnecting when it is
/// unplugged), loads the calibration saved for it, and runs the live session.
struct PlayCommand {
    let settings: Settings
    var calibrateOnly = false

    func run() throws -> Int32 {
        var configuration = V4L2Camera.Configuration()
        configuration.device = settings.camera
        configuration.size = PixelSize(width: settings.frameSize.width, height: settings.frameSize.height)
        configuration.framesPerSecond = settings.frameRate.map(Double.init)
        let camera: ReconnectingCamera
        do {
            camera = try ReconnectingCamera(configuration)
        } catch {
            throw NoCameraFound.wrapping(error)
        }
        defer { camera.close() }
        if settings.verbose {
            Output.err(String(format: "camera: %@, %dx%d at %.1f fps\n", camera.name, camera.frameSize.width,
                              camera.frameSize.height, camera.nominalFrameRate ?? 0))
        }
        let tracker = try TrackerFactory.make(settings, frameRate: camera.nominalFrameRate)
        let key = CalibrationChoice.key(camera: camera.devicePath, card: camera.card)
        let calibration = calibrateOnly ? .identity : CalibrationChoice.load(settings, key: key)
        let play = LivePlay(settings: settings, calibrationKey: key, calibrateOnly: calibrateOnly)
        return try play.run(source: camera, tracker: tracker, calibration: calibration, paceByFrameTime: false,
                            isTransient: { ($0 as? V4L2Error)?.isDeviceLost == true })
    }
}
