/// The player's playing box, measured by `theremin --calibrate`: where their fingertip is at the highest and
/// lowest pitch and at the loudest and quietest volume, in camera coordinates (normalized, mirrored view).
///
/// It stretches that box onto the full mapping range, so a player with a short reach still plays the whole range.
/// The antenna law reads the same box the other way (`Calibration+Antenna.swift`): pitch across it, volume up it.
public struct Calibration: Sendable, Equatable, Codable {
    /// Height of the fingertip at the highest pitch.
    public var pitchTop: Double
    /// Height of the fingertip at the lowest pitch.
    public var pitchBottom: Double
    /// Sideways position at the quietest volume.
    public var volumeQuiet: Double
    /// Sideways position at the loudest volume.
    public var volumeLoud: Double

    public init(pitchTop: Double, pitchBottom: Double, volumeQuiet: Double, volumeLoud: Double) {
        self.pitchTop = pitchTop
        self.pitchBottom = pitchBottom
        self.volumeQuiet = volumeQuiet
        self.volumeLoud = volumeLoud
    }

    /// The whole image: no change to the coordinates.
    public static let identity = Calibration(pitchTop: 0, pitchBottom: 1, volumeQuiet: 0, volumeLoud: 1)

    /// The smallest box side accepted (a twentieth of the image, 24 px of a 480-px picture), so a calibration cannot
    /// make pitch hypersensitive, yet a player three metres from a laptop camera, whose reach covers a tenth of the
    /// picture or less, can still calibrate.
    public static let minimumSpan = 0.05

    /// Problems that make this calibration unusable, in words for the player; empty when it is fine.
    public var problems: [String] {
        var found: [String] = []
        for value in [pitchTop, pitchBottom, volumeQuiet, volumeLoud] where !(value.isFinite && (0...1).contains(value)) {
            found.append("a position (\(value)) is outside the image")
        }
        if !(pitchBottom - pitchTop >= Calibration.minimumSpan) {
            found.append("the highest-pitch position must be at least a twentieth of the image above the lowest")
        }
        if !(abs(volumeLoud - volumeQuiet) >= Calibration.minimumSpan) {
            found.append("the loudest and quietest positions must be at least a twentieth of the image apart")
        }
        return found
    }

    /// Maps a camera-space position into the playing box's [0,1] (clamped); y = 0 is the highest pitch.
    public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        let ny = (y - pitchTop) / (pitchBottom - pitchTop)
        let nx = (x - volumeQuiet) / (volumeLoud - volumeQuiet)
        return (min(max(nx, 0), 1), min(max(ny, 0), 1))
    }

    /// The camera-space height for a playing-box height: where the preview draws a note line.
    public func cameraY(forPlayingY y: Double) -> Double {
        pitchTop + y * (pitchBottom - pitchTop)
    }

    /// The camera-space x for a playing-box x.
    public func cameraX(forPlayingX x: Double) -> Double {
        volumeQuiet + x * (volumeLoud - volumeQuiet)
    }
}
