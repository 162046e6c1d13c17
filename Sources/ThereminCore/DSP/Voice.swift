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

    public init(settings: VoiceSettings, sampleRate: Double, frequency: Double = 440) {
        self.sampleRate = sampleRate
        // The theremin tables are built whatever the waveform, so a live switch to `.theremin` needs no allocation.
        oscillator = Oscillator(waveform: settings.waveform, wavetable: HarmonicWavetable(brightness: settings.brightness))
        vibrato = Vibrato(settings: settings.vibrato, sampleRate: sampleRate)
        pitch = ParameterRamp(value: log2(frequency), time: settings.glide / 1000, sampleRate: sampleRate)
        level = ParameterRamp(value: 0, time: settings.glide / 1000, sampleRate: sampleRate)
        gate = GateFade(fadeTime: settings.fade / 1000, sampleRate: sampleRate)
        volume = settings.volume
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

    /// Sets the targets the ramps glide towards. After silence the pitch jumps straight to the new note, so a
    /// returning hand does not swoop from the old one.
    public mutating func apply(_ control: Control) {
        let frequency = min(max(control.frequency, 1), sampleRate * 0.45)
        if gate.isSilent && control.gate {
            pitch.reset(to: log2(frequency))
        } else {
            pitch.target = log2(frequency)
        }
        if control.gate {
            level.target = min(max(control.amplitude, 0), 1)
        }
        gate.isOpen = control.gate
    }

    /// Renders `count` samples into `output`. Render contract: no allocation, locks, I/O or logging.
    @inline(__always)
    public mutating func render(into output: UnsafeMutablePointer<Float>, count: Int) {
        let inverseRate = 1 / sampleRate
        if gate.isSilent {
            // Hand away and faded out (the gate only changes between blocks): the glides go on, nothing sounds,
            // and the phase waits where it is.
            for i in 0..<count {
                _ = pitch.next()
                _ = level.next()
                _ = vibrato.isOff ? 0 : vibrato.next()
                output[i] = 0
            }
        } else {
            // In chunks: the glides, vibrato and phase (each depends on the sample before) one by one, exp2 and sin
            // over the chunk in loops the compiler vectorizes; other waveforms go through the oscillator.
            let sine = oscillator.waveform == .sine
            let chunk = 32
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * chunk) { scratch in
                guard let values = scratch.baseAddress else { return }
                let gains = values + chunk
                var start = 0
                while start < count {
                    let n = min(chunk, count - start)
                    for k in 0..<n {
                        values[k] = vibrato.isOff ? pitch.next() : pitch.next() + vibrato.next()
                        gains[k] = level.next() * gate.next() * volume
                    }
                    for k in 0..<n { values[k] = FastMath.exp2(values[k]) * inverseRate }
                    let out = output + start
                    if sine {
                        var phase = oscillator.phase
                        for k in 0..<n {
                            let increment = values[k]
                            values[k] = phase
                            phase += increment
                            if phase >= 1 { phase -= 1 }  // the increment stays below 0.45 (`apply` limits it)
                        }
                        oscillator.phase = phase
                        for k in 0..<n { out[k] = Float(FastMath.sinTurns(values[k]) * gains[k]) }
                    } else {
                        for k in 0..<n { out[k] = Float(oscillator.next(increment: values[k]) * gains[k]) }
                    }
                    start += n
                }
            }
        }
    }
}
