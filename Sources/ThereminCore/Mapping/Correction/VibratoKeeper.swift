/// Pitch correction that keeps a held note's vibrato. Correcting each pitch as it comes flattens a vibrato (at 100 %
/// every pitch near a note is the note), as it does on antenna instruments. While the hand holds a note, the pitch
/// is split into the note's centre and the motion around it: the centre is corrected and the motion is played as
/// it is, so the vibrato keeps its depth and the note's centre sits on the scale.
///
/// The centre is the middle of the pitches of the last `window` (a full cycle of a 3 Hz vibrato): with a whole cycle
/// in view, the middle of its highest and lowest pitch is its centre whatever its rate. The hand holds a note when
/// those pitches span no more than a wide vibrato and turn back (a vibrato's whole cycle travels twice its span, a
/// glide once); a glide or a leap is corrected pitch by pitch as before, so it steps through the scale's notes. The vibrato comes in over `fadeIn` once a note is held and goes at
/// once when the hand moves on. Control-side (frame by frame), not render-side.
public struct VibratoKeeper: Sendable {
    /// Seconds of pitches looked at: one cycle of the slowest vibrato kept (3 Hz).
    public static let window = 0.35
    /// Semitones from the lowest to the highest pitch of the window: up to `widest` a note is held (a vibrato of
    /// ±60 cents), from `moving` the hand is moving on; between, a share of each.
    public static let widest = 1.2
    public static let moving = 2.0
    /// The window's travel (the sum of its steps) over its span: from `turning` the pitch has turned back (a whole
    /// cycle of a vibrato travels 2 spans), up to `oneWay` it goes one way (a glide, 1 span and its noise).
    public static let oneWay = 1.3
    public static let turning = 1.8
    /// Seconds over which the vibrato comes in once a note is held.
    public static let fadeIn = 0.1

    private var recent = RecentSwing(window: VibratoKeeper.window, capacity: 128)
    private var lastTime = -Double.infinity
    /// How much of the motion around the centre is played (0: plain correction, 1: a held note's).
    public private(set) var share = 0.0
    /// The held note's centre (fractional MIDI note).
    public private(set) var centre = 0.0

    public init() {}

    /// Forgets the pitches seen: a hand found afresh starts a new note.
    public mutating func reset() {
        recent.reset()
        share = 0
        lastTime = -.infinity
    }

    /// Takes the pitch (fractional MIDI note, before correction) played at `time` (seconds).
    public mutating func update(midi: Double, at time: Double) {
        guard midi.isFinite, time.isFinite else { return }
        if time <= lastTime { reset() }  // time went back: a new take or a jump in the clock
        let elapsed = lastTime.isFinite ? time - lastTime : 0
        lastTime = time
        recent.add(midi, at: time)
        let held = heldShare(now: time)
        share = held < share ? held : min(held, share + elapsed / VibratoKeeper.fadeIn)
    }

    /// The corrected pitch of `midi` (fractional MIDI note) as the note last seen is held: `correction`'s, plus the
    /// held note's share of the motion around its corrected centre.
    public func corrected(midi: Double, by correction: PitchCorrection) -> Double {
        let plain = correction.correct(midi: midi)
        guard share > 0, !correction.isOff else { return plain }
        let kept = correction.correct(midi: centre) + (midi - centre)
        return plain + share * (kept - plain)
    }

    /// How surely the window holds one note (0…1), and its centre.
    private mutating func heldShare(now: Double) -> Double {
        guard recent.count >= 3, let oldest = recent.oldestTime, now - oldest >= 0.8 * VibratoKeeper.window,
              let (low, high, travel) = recent.swing else { return 0 }
        centre = (low + high) / 2
        let span = high - low
        let turns = span > 0 ? travel / span : VibratoKeeper.turning
        return VibratoKeeper.falling(span, from: VibratoKeeper.widest, to: VibratoKeeper.moving)
            * (1 - VibratoKeeper.falling(turns, from: VibratoKeeper.oneWay, to: VibratoKeeper.turning))
    }

    /// 1 up to `from`, 0 from `to`, a straight line between.
    private static func falling(_ value: Double, from: Double, to: Double) -> Double {
        min(max((to - value) / (to - from), 0), 1)
    }

}
