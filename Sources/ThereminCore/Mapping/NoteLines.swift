/// One line on the preview: where a note is played. Horizontal for the height laws, upright for the antenna law.
public struct NoteLine: Sendable, Equatable {
    public var midi: Int
    public var name: String
    public var frequency: Double
    /// Where the line stands in the camera image (normalized, after calibration): its height (0 = top) for a
    /// horizontal line, its sideways position (0 = left) for an upright one.
    public var position: Double
    /// True for an upright line (the antenna law plays pitch sideways).
    public var isVertical: Bool
    /// C and A lines are drawn stronger, as landmarks.
    public var emphasized: Bool
}

extension Mapping {
    /// A line for every semitone inside the range (or only the given pitch classes, 0 = C … 11 = B), placed by the
    /// pitch law and the calibration, so a finger on the `C4` line plays C4.
    public func noteLines(calibration: Calibration = .identity, pitchClasses: Set<Int>? = nil) -> [NoteLine] {
        // A tiny tolerance so that range ends given as notes (A3 = 220 Hz) keep their own line.
        let first = Int((Note.midi(frequency: low) - 1e-6).rounded(.up))
        let last = Int((Note.midi(frequency: high) + 1e-6).rounded(.down))
        guard first <= last else { return [] }
        var lines: [NoteLine] = []
        for midi in first...last {
            let pitchClass = ((midi % 12) + 12) % 12
            if let pitchClasses, !pitchClasses.contains(pitchClass) { continue }
            let frequency = Note.frequency(midi: Double(midi))
            guard let pitch = y(forFrequency: frequency) else { continue }
            let camera = cameraPosition(pitch: pitch, loudness: 1, in: calibration)
            lines.append(NoteLine(midi: midi, name: Note.name(midi: midi), frequency: frequency,
                                  position: playsPitchSideways ? camera.x : camera.y, isVertical: playsPitchSideways,
                                  emphasized: pitchClass == 0 || pitchClass == 9))
        }
        return lines
    }
}
