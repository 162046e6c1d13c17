/// A resonant low-pass filter that softens the voice's overtones, like the tone control of an analogue theremin.
/// Control-side half: parameters as data.
public struct LowPassSettings: Sendable, Equatable {
    public static let cutoffSpec = ParameterSpec(name: "cutoff", defaultValue: 2_000, range: 20...20_000, unit: "Hz",
                                                 help: "frequency above which overtones are cut (−3 dB at resonance 0.707)")
    public static let resonanceSpec = ParameterSpec(name: "resonance", defaultValue: 0.707, range: 0.3...20, unit: "Q",
                                                    help: "emphasis at the cutoff (0.707 flat, higher rings)")

    /// Cutoff frequency in Hz.
    public var cutoff: Double
    /// The filter's Q.
    public var resonance: Double

    public init(cutoff: Double = LowPassSettings.cutoffSpec.defaultValue,
                resonance: Double = LowPassSettings.resonanceSpec.defaultValue) {
        self.cutoff = cutoff
        self.resonance = resonance
    }
}
