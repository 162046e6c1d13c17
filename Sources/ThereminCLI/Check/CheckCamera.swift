import ThereminCapture
import ThereminCore
import ThereminDevices

/// The camera `--check` finds: its modes, the one chosen for play and why.
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
        let found = "\(offered); plays \(mode.summary): \(mode.reason)"
        if let rate, rate < 25 {
            return (Readiness("camera", .warn, found + "; under 25 fps a frame waits longer to be seen",
                              fix: "more light lets the camera keep a higher rate; or a camera that offers 30 fps or more"), rate)
        }
        return (Readiness("camera", .ok, found), rate)
    }
}
