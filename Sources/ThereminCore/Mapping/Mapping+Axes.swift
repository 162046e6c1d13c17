/// Which way a law reads the playing box: the height laws take pitch from the height and loudness from the sideways
/// position; the antenna law takes pitch from the distance to its rod (sideways) and loudness from the height.
extension Mapping {
    /// True when pitch is played sideways (the antenna law): note lines stand upright, and calibration reads the
    /// pitch positions sideways and the volume positions by height.
    public var playsPitchSideways: Bool { law == .antenna }

    /// The pitch rod's side when the law plays pitch sideways, nil for the height laws.
    public var antennaSide: AntennaField.Side? { playsPitchSideways ? antenna.side : nil }

    /// The law's coordinates of a camera position (normalized, mirrored view) in the calibrated playing box: `y` the
    /// pitch coordinate (0 plays `high`, 1 `low`), `x` the loudness coordinate (0 quietest, 1 loudest). The antenna law
    /// reads the box's sideways extent left to right, whichever way its volume was calibrated, so the box's edge
    /// nearer the rod plays `high`, and its bottom edge is where the volume loop lies.
    public func position(x: Double, y: Double, in calibration: Calibration) -> (x: Double, y: Double) {
        let box = calibration.apply(x: x, y: y)
        guard playsPitchSideways else { return box }
        let across = calibration.volumeLoud >= calibration.volumeQuiet ? box.x : 1 - box.x
        return (x: 1 - box.y, y: antenna.distance(x: across))
    }

    /// The camera position at which the law's coordinates are played: the inverse of `position(x:y:in:)`, for the
    /// note lines and for generated performances.
    public func cameraPosition(pitch: Double, loudness: Double, in calibration: Calibration = .identity) -> (x: Double, y: Double) {
        guard playsPitchSideways else {
            return (calibration.cameraX(forPlayingX: loudness), calibration.cameraY(forPlayingY: pitch))
        }
        let across = antenna.x(distance: min(max(pitch, 0), 1))
        let boxX = calibration.volumeLoud >= calibration.volumeQuiet ? across : 1 - across
        return (calibration.cameraX(forPlayingX: boxX), calibration.cameraY(forPlayingY: 1 - loudness))
    }
}
