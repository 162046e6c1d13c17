import Foundation

/// The thereminist's vibrato as parameters: a gentle periodic wobble of pitch. Control-side half.
public struct VibratoSettings: Sendable, Equatable {
    public static let rateSpec = ParameterSpec(name: "rate", defaultValue: 5.5, range: 0.1...20, unit: "Hz",
                                               help: "vibrato speed")
    public static let depthSpec = ParameterSpec(name: "depth", defaultValue: 0, range: 0...200, unit: "cents",
                                                help: "vibrato depth, up and down from the note (0 = off)")

    /// Cycles per second.
    public var rate: Double
    /// Peak deviation in cents.
    public var depth: Double

    public init(rate: Double = VibratoSettings.rateSpec.defaultValue, depth: Double = VibratoSettings.depthSpec.defaultValue) {
        self.rate = rate
        self.depth = depth
    }

    public static let off = VibratoSettings(depth: 0)
    public var isOff: Bool { depth <= 0 }
}

/// Render-side vibrato: a sine LFO from a coupled-form (“magic circle”) oscillator, two multiply-adds per sample
/// and no trigonometry, whose amplitude stays bounded forever. Returns the pitch offset in octaves (log2 units).
public struct Vibrato: Sendable {
    private var sine = 0.0
    private var cosine = 1.0
    private let k: Double
    private let depthInOctaves: Double

    public init(settings: VibratoSettings, sampleRate: Double) {
        k = 2 * sin(Double.pi * settings.rate / sampleRate)
        depthInOctaves = max(0, settings.depth) / 1200
    }

    /// True when the vibrato does nothing.
    public var isOff: Bool { depthInOctaves == 0 }

    /// Advances one sample; returns the pitch offset in octaves.
    @inline(__always)
    public mutating func next() -> Double {
        cosine -= k * sine
        sine += k * cosine
        return sine * depthInOctaves
    }
}
