import Foundation

/// Render-side voice: an oscillator whose pitch and level glide per sample towards the latest control, and a gate
/// that fades in and out with the hand. Allocation-free.
public struct Voice: Sendable {
    private var oscillator: Oscillator
    /// Pitch glides in log2(Hz), so a glide sounds even across octaves.
    private var pitch: ParameterRamp
    private var level: ParameterRamp
    private var gate: GateFade
    private var vibrato: Vibrato
    private let sampleRate: Double
    private let volume: Double
    /// The sine's phase in turns, wrapped into [0, 1) every `ParameterRamp.anchorInterval` samples, and the
    /// samples since the last wrap (the other waveforms keep theirs in the oscillator).
    private var unwrappedPhase = 0.0
    private var sinceWrap = 0
    /// The glides' time constants in seconds: a control with a path is aimed that far along it.
    private let glideTime: Double
    private let pitchGlideTime: Double
    /// The hand's expected path after the control (`Control.pitchSlope`…): the targets move along it, a step every
    /// `ParameterRamp.anchorInterval` samples (on the same samples however blocks are cut), for `pathLeft` samples.
    private var pathPitch = 0.0
    private var pitchSlope = 0.0
    private var pitchPath = SwingPath.straight
    /// Seconds along the pitch's path since the control was applied.
    private var pathTime = 0.0
    private var levelStep = 0.0
    private var pathLeft = 0
    private var pitchLow = -Double.infinity, pitchHigh = Double.infinity
    private var levelLow = 0.0, levelHigh = 1.0

    public init(settings: VoiceSettings, sampleRate: Double, frequency: Double = 440) {
        self.sampleRate = sampleRate
        // The theremin tables are built whatever the waveform, so a live switch to `.theremin` needs no allocation.
        oscillator = Oscillator(waveform: settings.waveform, wavetable: HarmonicWavetable(brightness: settings.brightness))
        vibrato = Vibrato(settings: settings.vibrato, sampleRate: sampleRate)
        pitch = ParameterRamp(value: log2(frequency), time: settings.pitchGlide / 1000, sampleRate: sampleRate)
        level = ParameterRamp(value: 0, time: settings.glide / 1000, sampleRate: sampleRate)
        gate = GateFade(fadeTime: settings.fade / 1000, riseTime: settings.rise / 1000, sampleRate: sampleRate)
        volume = settings.volume
        glideTime = settings.glide / 1000
        pitchGlideTime = settings.pitchGlide / 1000
    }

    /// The waveform; may be changed between blocks (the phase carries on, so the switch does not click much).
    public var waveform: Waveform {
        get { oscillator.waveform }
        set { oscillator.waveform = newValue }
    }

    /// Current frequency in Hz (after glide).
    public var currentFrequency: Double { exp2(pitch.value) }
    /// Current output level in [0, 1] (after glide, gate and volume).
    public var currentLevel: Double { level.value * gate.gain * volume }
    /// True while the gate is open (a hand present): the pitch sounding counts as played.
    public var isGateOpen: Bool { gate.isOpen }

    /// Sets the targets the ramps glide towards. After silence the pitch jumps straight to the new note, so a
    /// returning hand does not swoop from the old one.
    public mutating func apply(_ control: Control) {
        // A glide is a one-pole lag of its time constant: a control with a path aims that far along it.
        let frequency = min(max(control.advanced(by: pitchGlideTime).frequency, 1), sampleRate * 0.45)
        let control = control.advanced(by: glideTime)
        if gate.isSilent && control.gate {
            pitch.reset(to: log2(frequency))
        } else {
            pitch.target = log2(frequency)
        }
        if control.gate {
            level.target = min(max(control.amplitude, 0), 1)
        }
        gate.isOpen = control.gate
        let perSample = 1 / sampleRate
        pathPitch = log2(frequency)
        pitchSlope = control.pitchSlope
        pitchPath = control.pitchPath
        pathTime = 0
        levelStep = control.gate ? control.amplitudeSlope * perSample * Double(ParameterRamp.anchorInterval) : 0
        pathLeft = control.horizon > 0 ? Int((control.horizon * sampleRate).rounded()) : 0
        pitchLow = control.lowestPitch
        pitchHigh = control.highestPitch
        levelLow = max(0, control.lowestAmplitude)
        levelHigh = min(1, control.highestAmplitude)
    }

    /// Moves the targets one interval along the path, at an interval's first sample.
    @inline(__always)
    private mutating func followPath() {
        guard pathLeft > 0, sinceWrap == 0 else { return }
        let share = Double(min(pathLeft, ParameterRamp.anchorInterval)) / Double(ParameterRamp.anchorInterval)
        pathLeft -= ParameterRamp.anchorInterval
        if pitchSlope != 0 || pitchPath.rate > 0 {
            pathTime += share * Double(ParameterRamp.anchorInterval) / sampleRate
            pitch.target = min(max(pathPitch + pitchPath.offset(slope: pitchSlope, after: pathTime), pitchLow),
                               pitchHigh)
        }
        if levelStep != 0 {
            level.target = min(max(level.target + levelStep * share, levelLow), levelHigh)
        }
    }

    /// Renders `count` samples into `output`. Render contract: no allocation, locks, I/O or logging.
    @inline(__always)
    public mutating func render(into output: UnsafeMutablePointer<Float>, count: Int) {
        if gate.isSilent {
            // Hand away and faded out (the gate only changes between blocks): the glides go on, nothing sounds,
            // and the phase waits where it is (wrapped on its usual samples, as the chunks below would).
            pathLeft = 0
            pitch.skip(count)
            level.skip(count)
            if !vibrato.isOff {
                for _ in 0..<count { _ = vibrato.next() }
            }
            if sinceWrap + count >= ParameterRamp.anchorInterval { unwrappedPhase = FastMath.fraction(unwrappedPhase) }
            sinceWrap = (sinceWrap + count) % ParameterRamp.anchorInterval
            output.update(repeating: 0, count: count)
            return
        }
        // In runs of at most `chunk` samples that end where the phase is wrapped: the glides and the gate in
        // closed form, exp2, the phases and sin each in a loop of its own that the compiler vectorizes; only the
        // phase sum and the vibrato go sample by sample.
        let chunk = ParameterRamp.anchorInterval
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * chunk) { scratch in
            guard let values = scratch.baseAddress else { return }
            let gains = values + chunk
            let gates = gains + chunk
            var start = 0
            while start < count {
                let n = min(chunk - sinceWrap, count - start)
                followPath()
                pitch.fill(values, count: n)
                if !vibrato.isOff {
                    for k in 0..<n { values[k] += vibrato.next() }
                }
                level.fill(gains, count: n)
                gate.fill(gates, count: n)
                renderChunk(into: output + start, count: n, pitch: values, gains: gains, gates: gates)
                start += n
            }
        }
    }

    /// One run of at most `ParameterRamp.anchorInterval` samples from its pitches (log2 Hz), levels and gate gains.
    /// `pitch` is reused for the phases.
    @inline(__always)
    private mutating func renderChunk(into out: UnsafeMutablePointer<Float>, count n: Int,
                                      pitch values: UnsafeMutablePointer<Double>,
                                      gains: UnsafePointer<Double>, gates: UnsafePointer<Double>) {
        let inverseRate = 1 / sampleRate
        let volume = self.volume
        // The phase moves only while something sounds: it waits from the sample the fade-out reaches silence,
        // wherever the blocks are cut (so the block size cannot change where the next note starts).
        for k in 0..<n { values[k] = FastMath.exp2(values[k]) * (gates[k] > 0 ? inverseRate : 0) }
        guard oscillator.waveform == .sine else {
            oscillator.phase = FastMath.fraction(unwrappedPhase)
            for k in 0..<n { out[k] = Float(oscillator.next(increment: values[k]) * gains[k] * gates[k] * volume) }
            unwrappedPhase = oscillator.phase
            sinceWrap = (sinceWrap + n) % ParameterRamp.anchorInterval
            return
        }
        // The phases as a running sum, wrapped every `anchorInterval` samples (at the same samples whatever the
        // blocks): each increment is below 0.45 (`apply` limits the frequency), so the sum stays below
        // 1 + 32 · 0.45 and keeps 48 bits after the point.
        var phase = unwrappedPhase
        for k in 0..<n {
            let increment = values[k]
            values[k] = phase
            phase += increment
        }
        sinceWrap += n
        if sinceWrap == ParameterRamp.anchorInterval {
            phase = FastMath.fraction(phase)
            sinceWrap = 0
        }
        unwrappedPhase = phase
        for k in 0..<n {
            let sine = FastMath.sinTurns(FastMath.fraction(values[k]))
            out[k] = Float(sine * (gains[k] * gates[k] * volume))
        }
    }
}
