import ThereminCapture
import ThereminCore
import ThereminDevices

/// The camera `--check` finds: its modes, the one chosen for play and why, and one frame read from it in that mode
/// (issue 46): a camera that lists well but cannot stream (busy, unplugged, a broken driver) fails here as it would
/// when playing.
enum CheckCamera {
    static func verdict(_ inventory: DeviceInventory, named: String?) -> (verdict: Readiness, frameRate: Double?) {
        guard let camera = inventory.cameras.first else {
            let problem = inventory.cameraProblems.first
            return (Readiness("camera", .fail, problem ?? (named.map { "no camera at \($0)" }
                                                              ?? "no camera found among \(inventory.cameraDirectory)/video*"),
                              fix: "plug in a webcam (`v4l2-ctl --list-devices` lists them), or name one with --camera"), nil)
        }
        let modes = camera.formats.reduce(0) { $0 + max(1, $1.sizes.count) }
        let offered = "\(camera.path) (\(camera.card)): \(camera.formats.count) format(s), \(modes) size(s)"
        guard let mode = camera.playMode else {
            return (Readiness("camera", .fail, offered + "; none the tracker can use",
                              fix: "try another camera with --camera"), nil)
        }
        let rate = mode.interval?.framesPerSecond
        var found = "\(offered); plays \(mode.summary): \(mode.reason)"
        do {
            let frame = try firstFrame(camera.path)
            found += "; read a \(frame.width)x\(frame.height) frame"
        } catch {
            return (Readiness("camera", .fail, "\(offered): opening it as live play does failed: \(error)"), nil)
        }
        if let rate, rate < 25 {
            return (Readiness("camera", .warn, found + "; under 25 fps a frame waits longer to be seen",
                              fix: "more light lets the camera keep a higher rate; or a camera that offers 30 fps or more"), rate)
        }
        return (Readiness("camera", .ok, found), rate)
    }

    /// Opens the camera as live play does (its mode chosen the same way, its controls left alone) and reads one frame.
    /// - Throws: `V4L2Error` when it does not open or stream, or no frame comes in time.
    private static func firstFrame(_ path: String) throws(V4L2Error) -> Frame {
        var configuration = V4L2Camera.Configuration(device: path)
        configuration.keepsYUYV = true
        let camera = try V4L2Camera(configuration)
        defer { camera.close() }
        guard let frame = try camera.nextFrame() else {
            throw V4L2Error(kind: .timedOut, operation: .waitForFrame, device: path)
        }
        return frame
    }
}
