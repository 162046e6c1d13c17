import Foundation

/// The control side of the pipeline, shared by live play, offline tracking and replay: calibrate, smooth the
/// fingertip, map it to a control, then shape the pitch (correction towards a scale, octave shift). Keeping one
/// piece of code here is what makes a replay reproduce a performance exactly.
public struct ControlMapper: Sendable {
    public var mapping: Mapping
    /// The player's playing box; identity when uncalibrated.
    public var calibration: Calibration
    /// Pull towards a scale's notes (`PitchCorrection.off` for continuous pitch).
    public var correction: PitchCorrection
    /// Register shift in octaves (Open Theremin's register switch), applied after correction.
    public var octave: Int
    /// One hand (pitch from height, volume from sideways position) or two (pitch hand, volume hand).
    public var handMode: HandMode
    private var filterX: AxisSmoother
    private var filterY: AxisSmoother
    /// The volume hand's height in two-hand mode.
    private var filterVolume: AxisSmoother
    /// Keeps a held note's vibrato through the correction.
    private var vibrato = VibratoKeeper()
    /// Whether a hand found afresh, or back after frames without it, is the one played a moment ago (moving on) or
    /// a new note: for the pitch hand (the one hand in one-hand mode) and the volume hand.
    private var pitchHand = HandContinuity()
    private var volumeHand = HandContinuity()
    /// The pitch (volume) hand was missing from the last frame.
    private var pitchHandAway = true
    private var volumeHandAway = true
    private var lastFrequency: Double

    public init(mapping: Mapping = Mapping(), smoothing: SmoothingSettings = .expressive,
                calibration: Calibration = .identity, correction: PitchCorrection = .off, octave: Int = 0,
                handMode: HandMode = .one) {
        self.mapping = mapping
        self.calibration = calibration
        self.correction = correction
        self.octave = octave
        self.handMode = handMode
        filterX = AxisSmoother(smoothing)
        filterY = AxisSmoother(smoothing)
        filterVolume = AxisSmoother(smoothing)
        lastFrequency = 0
        lastFrequency = pitch(y: 0.5)
    }

    /// The One Euro filter with these settings (`--response steady`, or its options given).
    public init(mapping: Mapping = Mapping(), smoothing: OneEuroSettings, calibration: Calibration = .identity,
                correction: PitchCorrection = .off, octave: Int = 0, handMode: HandMode = .one) {
        self.init(mapping: mapping, smoothing: .oneEuro(smoothing), calibration: calibration, correction: correction,
                  octave: octave, handMode: handMode)
    }

    /// The frequency played at a (calibrated, smoothed) height: mapped, corrected (keeping the vibrato of the note
    /// held), shifted.
    public func pitch(y: Double) -> Double {
        let frequency = mapping.frequency(y: y)
        guard !correction.isOff, frequency > 0 else { return frequency * exp2(Double(octave)) }
        let midi = vibrato.corrected(midi: Note.midi(frequency: frequency), by: correction)
        return Note.frequency(midi: midi) * exp2(Double(octave))
    }

    /// Follows the pitch hand's height (smoothed) for the vibrato of the note it holds.
    private mutating func hold(_ y: Double, at time: Double) {
        guard !correction.isOff else { return }
        vibrato.update(midi: Note.midi(frequency: mapping.frequency(y: y)), at: time)
    }

    /// Starts the pitch hand afresh: smoothing and the note held.
    private mutating func resetPitchHand() {
        filterY.reset()
        vibrato.reset()
    }

    /// Whether a present hand starts afresh: found afresh by the tracker or back after frames without it, and not
    /// within `HandContinuity`'s reach of where it was a moment ago.
    private static func startsAfresh(_ sample: HandSample, away: inout Bool, _ continuity: inout HandContinuity)
        -> Bool {
        let carriesOn = continuity.carriesOn(sample)
        defer { away = false }
        return (sample.acquired || away) && !carriesOn
    }

    /// The pitch of a height estimate, with its path in octaves per second: a swing's path through the mapping's
    /// local slope, a straight one as the chord to where the estimate goes by the horizon.
    private func pitchPath(_ y: AxisSmoother.Estimate, into control: inout Control) {
        guard y.horizon > 0 else { return }
        let now = log2(pitch(y: y.value))
        let low = log2(pitch(y: y.bounds.lowerBound)), high = log2(pitch(y: y.bounds.upperBound))
        if y.path.rate > 0 {
            let step = 1e-4
            let scale = (log2(pitch(y: y.value + step)) - log2(pitch(y: y.value - step))) / (2 * step)
            control.pitchSlope = y.slope * scale
            control.pitchPath = y.path.scaled(by: scale)
        } else {
            let reach = y.reach
            control.pitchSlope = (log2(pitch(y: y.value(ahead: reach))) - now) / reach
        }
        control.lowestPitch = min(low, high, now)
        control.highestPitch = max(low, high, now)
        control.horizon = y.horizon
    }

    /// The amplitude's path from an estimate of the coordinate `amplitude` maps (the control's amplitude is set).
    private func amplitudePath(_ estimate: AxisSmoother.Estimate, into control: inout Control,
                               _ amplitude: (Double) -> Double) {
        guard estimate.horizon > 0 else { return }
        let low = amplitude(estimate.bounds.lowerBound), high = amplitude(estimate.bounds.upperBound)
        let reach = estimate.reach
        control.amplitudeSlope = (amplitude(estimate.value(ahead: reach)) - control.amplitude) / reach
        control.lowestAmplitude = min(low, high, control.amplitude)
        control.highestAmplitude = max(low, high, control.amplitude)
        control.horizon = max(control.horizon, estimate.horizon)
    }

    /// Forgets the hands played so far: the next one found starts its note afresh, wherever it is (the player took
    /// the instrument back from another spot, so nothing glides from where the last hand was).
    public mutating func forgetHands() {
        pitchHand.forget()
        volumeHand.forget()
        pitchHandAway = true
        volumeHandAway = true
    }

    /// The control for one sample in one-hand mode. An absent hand closes the gate (the voice fades out on its last
    /// pitch). A hand back within a moment and a leap's reach carries on where it went; one gone longer, or found
    /// far away, starts smoothing afresh, so it is not dragged from where the old one left (`HandContinuity`).
    public mutating func control(for sample: HandSample) -> Control {
        guard sample.present else {
            pitchHandAway = true
            return Control(frequency: lastFrequency, amplitude: 0, gate: false, sourceTime: sample.t)
        }
        if Self.startsAfresh(sample, away: &pitchHandAway, &pitchHand) {
            filterX.reset()
            resetPitchHand()
        }
        let box = mapping.position(x: sample.x, y: sample.y, in: calibration)
        let size = sample.handSize
        let x = filterX.update(box.x, at: sample.t, handSize: size)
        let y = filterY.update(box.y, at: sample.t, handSize: size)
        hold(y.value, at: sample.t)
        lastFrequency = pitch(y: y.value)
        var control = Control(frequency: lastFrequency, amplitude: mapping.amplitude(x: x.value), gate: true,
                              sourceTime: sample.t)
        pitchPath(y, into: &control)
        amplitudePath(x, into: &control) { mapping.amplitude(x: $0) }
        return control
    }

    /// The control for every hand seen in a frame. One-hand mode plays the first present hand. Two-hand mode plays
    /// the pitch hand's height (in the calibrated playing box) as pitch and the volume hand's height (in the image,
    /// through the volume zone) as volume; the sound is muted (gate closed, pitch still following) while the volume
    /// hand is absent, a closed fist or below the volume zone, and fades out when the pitch hand is absent.
    public mutating func control(for frame: HandsFrame) -> Control {
        guard case .two(let settings) = handMode else {
            return control(for: frame.primary)
        }
        let roles = HandRoles.assign(frame.hands, leftHanded: settings.leftHanded)
        guard let pitchHand = roles.pitch else {
            pitchHandAway = true
            volumeHandAway = true
            return Control(frequency: lastFrequency, amplitude: 0, gate: false, sourceTime: frame.t)
        }
        if Self.startsAfresh(pitchHand, away: &pitchHandAway, &self.pitchHand) { resetPitchHand() }
        let box = mapping.position(x: pitchHand.x, y: pitchHand.y, in: calibration)
        let y = filterY.update(box.y, at: frame.t, handSize: pitchHand.handSize)
        hold(y.value, at: frame.t)
        lastFrequency = pitch(y: y.value)
        var control = Control(frequency: lastFrequency, amplitude: 0, gate: false, sourceTime: frame.t)
        pitchPath(y, into: &control)
        guard let volumeHand = roles.volume, !HandPose.isClosedFist(volumeHand) else {
            volumeHandAway = true
            return control
        }
        if Self.startsAfresh(volumeHand, away: &volumeHandAway, &self.volumeHand) { filterVolume.reset() }
        let height = filterVolume.update(volumeHand.y, at: frame.t, handSize: volumeHand.handSize)
        guard let volume = settings.volume(y: height.value) else { return control }
        control.amplitude = volume
        control.gate = true
        amplitudePath(height, into: &control) { settings.volume(y: $0) ?? 0 }
        return control
    }
}
