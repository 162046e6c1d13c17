import Foundation

/// The playing box in words, the same on the terminal, in the preview and after `--calibrate`.
extension Calibration {
    /// The box as the law plays it: under the antenna law pitch runs sideways (high at the edge nearer the rod) and
    /// volume by height.
    public func described(antenna: AntennaField.Side? = nil) -> String {
        guard let antenna else {
            return String(format: "pitch from y=%.2f (high) to y=%.2f (low), volume from x=%.2f (quiet) to x=%.2f (loud)",
                          pitchTop, pitchBottom, volumeQuiet, volumeLoud)
        }
        let near = antenna == .right ? max(volumeQuiet, volumeLoud) : min(volumeQuiet, volumeLoud)
        let far = antenna == .right ? min(volumeQuiet, volumeLoud) : max(volumeQuiet, volumeLoud)
        return String(format: "pitch from x=%.2f (high, near the antenna) to x=%.2f (low), volume from y=%.2f (quiet) to y=%.2f (loud)",
                      near, far, pitchBottom, pitchTop)
    }
}
