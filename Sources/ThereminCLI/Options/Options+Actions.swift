import ThereminCore

/// Hands-free control: the player's actions from OSC (and MIDI), answered during live play.
extension Options {
    static let actions: [any AnyOption] = [oscIn]

    static let oscIn = Option<OSCListenAddress>("--osc-in", value: "[HOST:]PORT",
                                                help: "take the player's actions as OSC over UDP: /theremin/next-preset, /theremin/mute, "
                                                    + "/theremin/preset 3 and the rest (see docs/guide.md, \"Hands-free control\"); PORT alone "
                                                    + "listens on every interface",
                                                group: .osc, inPresets: false) { text in
        guard let address = OSCListenAddress(parsing: text) else {
            throw UsageError("--osc-in needs PORT or HOST:PORT with a port from 1 to 65535, e.g. 9000 or 127.0.0.1:9000, got '\(text)'",
                             options: ["--osc-in"])
        }
        return address
    }
}

/// What the player's actions come from, read with the other options (Settings+Actions.swift).
struct ActionSettings {
    var oscIn: OSCListenAddress?

    /// Whether any input of actions is asked for.
    var any: Bool { oscIn != nil }

    mutating func read(_ parsed: ParsedArguments, mode: Settings.Mode, writes: Set<String>) throws {
        oscIn = try parsed.value(Options.oscIn)
        if oscIn != nil {
            try ModeTable.checkPlaysLive(Options.oscIn.name, because: "the player's actions are answered as they come",
                                         mode: mode, writing: writes)
        }
    }
}
