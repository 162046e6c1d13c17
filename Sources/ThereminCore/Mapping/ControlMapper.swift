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
    private var filterX: OneEuroFilter
    private var filterY: OneEuroFilter
    /// The volume hand's height in two-hand mode.
    private var filterVolume: OneEuroFilter
    private var lastFrequency: Double

    public init(mapping: Mapping = Mapping(), smoothing: OneEuroSettings = OneEuroSettings(),
                calibration: Calibration = .identity, correction: PitchCorrection = .off, octave: Int = 0,
                handMode: HandMode = .one) {
        self.mapping = mapping
        self.calibration = calibration
        self.correction = correction
        self.octave = octave
        self.handMode = handMode
        filterX = OneEuroFilter(settings: smoothing)
        filterY = OneEuroFilter(settings: smoothing)
        filterVolume = OneEuroFilter(settings: smoothing)
        lastFrequency = 0
        lastFrequency = pitch(y: 0.5)
    }

    /// The frequency played at a (calibrated, smoothed) height: mapped, corrected, shifted.
    public func pitch(y: Double) -> Double {
        correction.correct(frequency: mapping.frequency(y: y)) * exp2(Double(octave))
    }

    /// The control for one sample in one-hand mode. An absent hand closes the gate (the voice fades out on its last
    /// pitch) and resets the smoothing, so a returning hand is not dragged from where it left.
    public mutating func control(for sample: HandSample) -> Control {
        guard sample.present else {
            filterX.reset()
            filterY.reset()
            return Control(frequency: lastFrequency, amplitude: 0, gate: false, sourceTime: sample.t)
        }
        if sample.acquired {
            // A hand found afresh: start smoothing from it, not from the hand before.
            filterX.reset()
            filterY.reset()
        }
        let box = calibration.apply(x: sample.x, y: sample.y)
        let x = filterX.filter(box.x, at: sample.t)
        let y = filterY.filter(box.y, at: sample.t)
        lastFrequency = pitch(y: y)
        return Control(frequency: lastFrequency, amplitude: mapping.amplitude(x: x), gate: true, sourceTime: sample.t)
    }

    /// The control for every hand seen in a frame. One-hand mode plays the first present hand. Two-hand mode plays
    /// the pitch hand's height (in the calibrated playing box) as pitch and the volume hand's height (in the image,
    /// through the volume zone) as volume; the sound is muted (gate closed, pitch still following) while the volume
    /// hand is absent, a closed fist or below the volume zone, and fades out when the pitch hand is absent.
    public mutating func control(for frame: HandsFrame) -> Control {
        guard case .two(let settings) = handMode else {
            return control(for: frame.hands.first(where: \.present) ?? .absent(at: frame.t))
        }
        let roles = HandRoles.assign(frame.hands, leftHanded: settings.leftHanded)
        guard let pitchHand = roles.pitch else {
            filterY.reset()
            filterVolume.reset()
            return Control(frequency: lastFrequency, amplitude: 0, gate: false, sourceTime: frame.t)
        }
        if pitchHand.acquired { filterY.reset() }
        let box = calibration.apply(x: pitchHand.x, y: pitchHand.y)
        lastFrequency = pitch(y: filterY.filter(box.y, at: frame.t))
        guard let volumeHand = roles.volume, !HandPose.isClosedFist(volumeHand) else {
            filterVolume.reset()
            return Control(frequency: lastFrequency, amplitude: 0, gate: false, sourceTime: frame.t)
        }
        if volumeHand.acquired { filterVolume.reset() }
        let height = filterVolume.filter(volumeHand.y, at: frame.t)
        guard let volume = settings.volume(y: height) else {
            return Control(frequency: lastFrequency, amplitude: 0, gate: false, sourceTime: frame.t)
        }
        return Control(frequency: lastFrequency, amplitude: volume, gate: true, sourceTime: frame.t)
    }
}
