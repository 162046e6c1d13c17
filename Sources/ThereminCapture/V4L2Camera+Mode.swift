extension V4L2Camera {
    /// One line for `-v`: the mode the camera runs in as the driver granted it, and why it was chosen, e.g.
    /// `camera: /dev/video0 (C920), MJPG 1280x720 at 60 fps, decoded to 640x360: the highest frame rate at a size
    /// the tracker uses (next best: YUYV 640x480 at 30 fps)`.
    public var modeDescription: String {
        let format = sourceFormat.map { "\($0) " } ?? ""
        let rate = nominalFrameRate.map { " at \(FrameInterval.format($0)) fps" } ?? ""
        let decoded = size == cameraSize ? "" : ", decoded to \(size)"
        return "camera: \(name), \(format)\(cameraSize)\(rate)\(decoded): \(modeChoice.reason)"
    }
}
