import ThereminCore

/// One effect of the chain, as data: what `--effect delay:time=300` describes (the command line parses it; a
/// preset or another front end can build it directly).
public enum SoundEffect: Sendable, Equatable {
    case delay(DelaySettings)
    case lowpass(LowPassSettings)
    /// A plugin a host runs (an LV2 plugin), checked before anything plays.
    case plugin(PluginEffect)

    /// Builds the render-side unit for an output rate, live (`realTime`) or for an offline render.
    public func makeEffect(sampleRate: Double, realTime: Bool = true) -> any AudioEffect {
        switch self {
        case .delay(let settings): return Delay(settings: settings, sampleRate: sampleRate)
        case .lowpass(let settings): return LowPass(settings: settings, sampleRate: sampleRate)
        case .plugin(let plugin): return plugin.make(sampleRate, realTime)
        }
    }
}

/// An effect a plugin host provides: its name as given (what makes two equal), how long it sounds on after its input
/// stops, and how its render-side unit is made at a rate, live or offline (a plugin's worker works on its own
/// thread live, and at once offline, so renders are the same every time). The host checks the plugin when the effect is described,
/// so making it later does not fail for anything the player can change.
public struct PluginEffect: Sendable, Equatable {
    /// E.g. `lv2:http://plugin.org.uk/swh-plugins/gverb:revtime=2.5`.
    public let name: String
    /// Seconds the effect sounds on after its input stops (a reverb's decay), for a render's tail.
    public let tail: Double
    let make: @Sendable (_ sampleRate: Double, _ realTime: Bool) -> any AudioEffect

    public init(name: String, tail: Double,
                make: @escaping @Sendable (_ sampleRate: Double, _ realTime: Bool) -> any AudioEffect) {
        self.name = name
        self.tail = tail
        self.make = make
    }

    public static func == (a: PluginEffect, b: PluginEffect) -> Bool { a.name == b.name && a.tail == b.tail }
}
