/// The echo of the synthesizer theremin descends from: a delay line with feedback, mixed with the dry tone.
/// Control-side half: parameters as data.
public struct DelaySettings: Sendable, Equatable {
    public static let timeSpec = ParameterSpec(name: "time", defaultValue: 300, range: 1...2000, unit: "ms",
                                               help: "delay between echoes")
    public static let feedbackSpec = ParameterSpec(name: "feedback", defaultValue: 0.35, range: 0...0.95, unit: "",
                                                   help: "share of each echo fed back into the next")
    public static let mixSpec = ParameterSpec(name: "mix", defaultValue: 0.25, range: 0...1, unit: "",
                                              help: "share of echo in the output (0 dry, 1 wet)")

    /// Delay time in milliseconds.
    public var time: Double
    public var feedback: Double
    public var mix: Double

    public init(time: Double = DelaySettings.timeSpec.defaultValue,
                feedback: Double = DelaySettings.feedbackSpec.defaultValue,
                mix: Double = DelaySettings.mixSpec.defaultValue) {
        self.time = time
        self.feedback = feedback
        self.mix = mix
    }
}
