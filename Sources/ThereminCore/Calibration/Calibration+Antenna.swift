/// The playing box of a calibration made for the antenna law, laid out as that law reads a box
/// (`Mapping.position(x:y:in:)`): its sideways extent is the pitch's, left to right, and its height the volume's
/// (loudest at the top, quietest at the bottom, where the loop lies). The same file then serves the height laws too:
/// the box is the box.
extension Calibration {
    /// The box from the four readings (sideways for pitch, heights for volume) and what makes it unusable, in words
    /// for the player (empty when it is fine).
    public static func antenna(side: AntennaField.Side, highestPitch: Double, lowestPitch: Double, loudest: Double,
                               quietest: Double) -> (box: Calibration, problems: [String]) {
        let box = Calibration(pitchTop: loudest, pitchBottom: quietest, volumeQuiet: min(highestPitch, lowestPitch),
                              volumeLoud: max(highestPitch, lowestPitch))
        var found: [String] = []
        for value in [highestPitch, lowestPitch, loudest, quietest] where !(value.isFinite && (0...1).contains(value)) {
            found.append("a position (\(value)) is outside the image")
        }
        let nearer = side == .right ? highestPitch - lowestPitch : lowestPitch - highestPitch
        if !(nearer >= minimumSpan) {
            found.append("the highest-note position must be at least a twentieth of the image nearer the antenna "
                         + "(\(side.rawValue)) than the lowest")
        }
        if !(quietest - loudest >= minimumSpan) {
            found.append("the loudest position must be at least a twentieth of the image above the quietest")
        }
        return (box, found)
    }
}
