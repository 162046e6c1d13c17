/// Which hand position drives MPE's slide (CC 74, usually a filter's brightness): the third dimension a player has
/// besides pitch and loudness. Positions are read raw from the picture (0…1), unsmoothed: CC 74 is only 7 bits, so
/// the fingertip's jitter rarely moves it, and the MIDI side then needs no state of the control chain's filters.
public enum SlideAxis: String, Sendable, CaseIterable {
    /// No CC 74.
    case off
    /// The pitch hand's sideways position (left 0, right 1). With one hand this is also the volume axis.
    case pitchX = "pitch-x"
    /// The volume hand's sideways position (with `--hands 2`; the one hand otherwise).
    case volumeX = "volume-x"
    /// The volume hand's height (bottom 0, top 1), across the whole picture, not only its volume zone: with
    /// `--hands 2` the other hand's height. With one hand, the pitch hand's height.
    case volumeY = "volume-y"

    /// The axis's value in a frame, 0…1, or nil when its hand is not seen (the receiver keeps the last value).
    public func value(in frame: HandsFrame, handMode: HandMode) -> Double? {
        let pitchHand: HandSample?
        let volumeHand: HandSample?
        switch handMode {
        case .one:
            let primary = frame.primary
            pitchHand = primary.present ? primary : nil
            volumeHand = pitchHand
        case .two(let settings):
            let roles = HandRoles.assign(frame.hands, leftHanded: settings.leftHanded)
            (pitchHand, volumeHand) = (roles.pitch, roles.volume)
        }
        let value: Double?
        switch self {
        case .off: value = nil
        case .pitchX: value = pitchHand?.x
        case .volumeX: value = volumeHand?.x
        case .volumeY: value = volumeHand.map { 1 - $0.y }
        }
        return value.map { min(max($0, 0), 1) }
    }

    /// The axis's value for every frame of a trace, in the order of its frames (and of a replay plan's schedule).
    public func values(in trace: Trace, handMode: HandMode) -> [Double?] {
        guard self != .off else { return [] }
        return trace.frames.map { value(in: $0, handMode: handMode) }
    }
}
