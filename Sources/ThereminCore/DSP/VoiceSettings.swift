/// How the theremin's voice responds: control-side parameters as data.
public struct VoiceSettings: Sendable, Equatable {
    public static let glideSpec = ParameterSpec(name: "glide", defaultValue: 4, range: 0...1000, unit: "ms",
                                                help: "time constant of the pitch and volume glide (default: 1 for pitch, 4 for volume; 12 with --response steady)")
    public static let fadeSpec = ParameterSpec(name: "fade", defaultValue: 40, range: 5...1000, unit: "ms",
                                               help: "fade out when the hand leaves (it comes back within 15 ms)")
    /// The longest fade in: a note the hand starts is heard within 15 ms (10–90 % in 12 ms), which a linear rise of
    /// that length does without a click.
    public static let longestRise = 15.0
    public static let volumeSpec = ParameterSpec(name: "volume", defaultValue: 0.8, range: 0...1, unit: "",
                                                 help: "master volume")

    public var waveform: Waveform
    /// Glide time constant in milliseconds (the volume's, and the pitch's unless `pitchGlide` says otherwise).
    public var glide: Double
    /// The pitch's glide time constant in milliseconds. A pitch step cannot click (the phase runs on), so with the
    /// motion estimator, whose path already joins the frames, it only needs to take the edge off a frame's step:
    /// 1 ms lands a leap 6–8 ms sooner than the volume's 4 ms, which a level jump needs not to click.
    public var pitchGlide: Double
    /// Fade-out time in milliseconds; the fade in takes `rise`.
    public var fade: Double
    /// Fade-in time in milliseconds: the fade's, at most `longestRise`.
    public var rise: Double { min(fade, VoiceSettings.longestRise) }
    /// Master volume in [0, 1].
    public var volume: Double
    /// Overtones of the `.theremin` waveform, 0…1.
    public var brightness: Double
    /// Pitch vibrato (off by default).
    public var vibrato: VibratoSettings

    public init(waveform: Waveform = .sine,
                glide: Double = VoiceSettings.glideSpec.defaultValue,
                fade: Double = VoiceSettings.fadeSpec.defaultValue,
                volume: Double = VoiceSettings.volumeSpec.defaultValue,
                brightness: Double = HarmonicWavetable.brightnessSpec.defaultValue,
                vibrato: VibratoSettings = .off, pitchGlide: Double? = nil) {
        self.waveform = waveform
        self.glide = glide
        self.pitchGlide = pitchGlide ?? glide
        self.fade = fade
        self.volume = volume
        self.brightness = brightness
        self.vibrato = vibrato
    }
}
