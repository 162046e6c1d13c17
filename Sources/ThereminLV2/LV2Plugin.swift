/// An installed LV2 plugin as lilv describes it: what `--list-effects` shows and what decides whether theremin can
/// run it.
public struct LV2Plugin: Sendable, Equatable {
    public var uri: String
    public var name: String
    /// Its class's label ("Reverb Plugin", "Delay Plugin", …).
    public var className: String
    public var ports: [LV2Port]
    /// The features it cannot run without (full URIs).
    public var requiredFeatures: [String]
    /// Its shared library's path, and why the library does not load (lilv's loader's reason), when it does not:
    /// checked only when asked (`LV2Host.check`, `--list-effects`), since it loads the library.
    public var libraryPath: String
    public var libraryProblem: String?
    /// The presets it ships (and the user's own, saved by other hosts), by label.
    public var presets: [LV2Preset]

    public var audioInputs: [LV2Port] { ports.filter { $0.kind == .audioInput } }
    public var audioOutputs: [LV2Port] { ports.filter { $0.kind == .audioOutput } }
    /// The audio inputs the voice goes into: every audio input but the side-chains.
    public var mainInputs: [LV2Port] { audioInputs.filter { !$0.isSideChain } }
    /// Side-chain inputs (a compressor's key input): connected to silence.
    public var sideChainInputs: [LV2Port] { audioInputs.filter(\.isSideChain) }
    public var controlInputs: [LV2Port] { ports.filter { $0.kind == .controlInput } }
    /// The control output that reports the plugin's latency in frames, if any.
    public var latencyPort: LV2Port? { ports.first { $0.kind == .controlOutput && $0.reportsLatency } }

    /// The control input named `symbol`.
    public func control(_ symbol: String) -> LV2Port? { controlInputs.first { $0.symbol == symbol } }

    /// The preset whose label is `name` (case-insensitive) or whose URI is `name`.
    public func preset(_ name: String) -> LV2Preset? {
        presets.first { $0.uri == name } ?? presets.first { $0.label.lowercased() == name.lowercased() }
    }

    /// The atom buffers' size: what its atom ports ask for, at least 16 KiB (what jalv gives).
    public var sequenceSize: Int {
        ports.filter { $0.kind == .atomInput || $0.kind == .atomOutput }.map(\.minimumSize).reduce(16_384, max)
    }

    /// Whether it puts out two channels (after which the chain is stereo).
    public var isStereo: Bool { audioOutputs.count == 2 }
}

/// One of a plugin's presets (`pset:Preset`), loaded through lilv's state API.
public struct LV2Preset: Sendable, Equatable {
    public var uri: String
    public var label: String
}

/// One port of a plugin.
public struct LV2Port: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case audioInput, audioOutput, controlInput, controlOutput
        /// Atom ports (event sequences: MIDI, patch messages): an empty sequence in, a buffer reset every cycle out.
        case atomInput, atomOutput
        /// CV ports (audio-rate control signals): silence in, a scratch buffer out.
        case cvInput, cvOutput
        /// A port of another type (the old event extension, …): named by its type's URI.
        case other(String)
    }

    public var index: Int
    public var symbol: String
    public var name: String
    public var kind: Kind
    public var minimum: Float?
    public var maximum: Float?
    public var defaultValue: Float?
    /// `lv2:connectionOptional`: the host may leave it unconnected.
    public var isOptional: Bool
    /// A side-chain input (`lv2:isSideChain`, a `pg:sideChainOf` group, or named so).
    public var isSideChain: Bool = false
    /// The control output reporting latency (`lv2:reportsLatency` or designated `lv2:latency`).
    public var reportsLatency: Bool = false
    /// An atom input that takes MIDI events (an instrument's note input).
    public var takesMIDI: Bool = false
    /// The bytes an atom port's buffer must hold (`rsz:minimumSize`), 0 when it does not say.
    public var minimumSize: Int = 0

    /// "revtime 0.1…30 (default 7.575)  Reverb time (s)"
    public var summary: String {
        let range = minimum.flatMap { low in maximum.map { "\(LV2Port.text(low))…\(LV2Port.text($0))" } } ?? "any"
        let preset = defaultValue.map { " (default \(LV2Port.text($0)))" } ?? ""
        return "\(symbol) \(range)\(preset)  \(name)"
    }

    public static func text(_ value: Float) -> String {
        value == value.rounded() && abs(value) < 1e7 ? String(Int(value)) : String(value)
    }
}
