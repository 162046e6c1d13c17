extension ControlMapper {
    /// The register shifts an action may reach (`--octave`'s range).
    public static let octaves = -3...3

    /// Does what an action asks of the control side: the correction's amount, the register, a fresh start for the
    /// hand taken back. Live (the tracking thread, at the frame after the action came) and a replay (at the row the
    /// take wrote it before) call this alike, so both play the same notes. Other actions change nothing here.
    public mutating func apply(_ action: PlayerAction) {
        switch action {
        case .correction(let amount): correction.amount = min(max(amount, 0), 100)
        case .octaveUp: octave = min(octave + 1, Self.octaves.upperBound)
        case .octaveDown: octave = max(octave - 1, Self.octaves.lowerBound)
        case .takeBack: forgetHands()
        default: break
        }
    }
}

extension ControlMapper {
    /// Plays from now on with `preset`'s mapping, correction and register (a preset of the list taken live, or at its
    /// row in a replay), keeping this mapper's calibration, hand mode and the hand being followed, so the note goes on
    /// where the hand is.
    public mutating func takeSound(of preset: ControlMapper) {
        mapping = preset.mapping
        correction = preset.correction
        octave = preset.octave
    }
}
