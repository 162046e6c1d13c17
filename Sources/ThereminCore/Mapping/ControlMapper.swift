/// The control side of the pipeline, shared by live play, offline tracking and replay: calibrate, smooth the
/// fingertip, then map it to a control. Keeping one piece of code here is what makes a replay reproduce a performance exactly.
public struct ControlMapper: Sendable {
    public var mapping: Mapping
    /// The player's playing box; identity when uncalibrated.
    public var calibration: Calibration
    private var filterX: OneEuroFilter
    private var filterY: OneEuroFilter
    private var lastFrequency: Double

    public init(mapping: Mapping = Mapping(), smoothing: OneEuroSettings = OneEuroSettings(),
                calibration: Calibration = .identity) {
        self.mapping = mapping
        self.calibration = calibration
        filterX = OneEuroFilter(settings: smoothing)
        filterY = OneEuroFilter(settings: smoothing)
        lastFrequency = mapping.frequency(y: 0.5)
    }

    /// The control for one sample. An absent hand closes the gate (the voice fades out on its last pitch) and resets
    /// the smoothing, so a returning hand is not dragged from where it left.
    public mutating func control(for sample: HandSample) -> Control {
        guard sample.present else {
            filterX.reset()
            filterY.reset()
            return Control(frequency: lastFrequency, amplitude: 0, gate: false, sourceTime: sample.t)
        }
        let box = calibration.apply(x: sample.x, y: sample.y)
        let x = filterX.filter(box.x, at: sample.t)
        let y = filterY.filter(box.y, at: sample.t)
        lastFrequency = mapping.frequency(y: y)
        return Control(frequency: lastFrequency, amplitude: mapping.amplitude(x: x), gate: true, sourceTime: sample.t)
    }
}
