import ThereminJACK

/// Which sound system plays and, for JACK, the server and the connections, validated.
struct StudioSettings: Sendable {
    var backend = AudioBackend.alsa
    /// The JACK server's name (`--audio-device jack:SERVER`); empty for the default one.
    var jackServer = ""
    var jackConnection = JACKRequest.Connection.physicalPlayback

    /// The device prefix that picks JACK (`--audio-device jack:` or `jack:SERVER`).
    static let jackPrefix = "jack:"

    mutating func read(_ parsed: ParsedArguments, audioDevice: String) throws {
        let asked = try parsed.value(Options.audio)
        let named = audioDevice.hasPrefix(StudioSettings.jackPrefix)
        if asked == .alsa && named {
            throw UsageError("--audio alsa and --audio-device \(audioDevice) disagree; drop one of them", options: ["--audio", "--audio-device"])
        }
        if asked == .jack && parsed.has(Options.audioDevice.name) && !named {
            throw UsageError("--audio-device \(audioDevice) is an ALSA device; with --audio jack give jack: or jack:SERVER, or none", options: ["--audio-device", "--audio"])
        }
        backend = asked ?? (named ? .jack : .alsa)
        if named { jackServer = String(audioDevice.dropFirst(StudioSettings.jackPrefix.count)) }
        let ports = try parsed.value(Options.jackConnect)
        let unconnected = parsed.has(Options.noJackConnect)
        if ports != nil && unconnected { throw UsageError("--jack-connect and --no-jack-connect exclude each other; drop one", options: ["--jack-connect", "--no-jack-connect"]) }
        if backend != .jack, let stray = [Options.jackConnect.name, Options.noJackConnect.name].first(where: parsed.has) {
            throw UsageError("\(stray) applies to JACK output; add --audio jack", options: [stray, "--audio"])
        }
        if let ports { jackConnection = .ports(ports) } else if unconnected { jackConnection = .none }
        // JACK's server sets the rate and the period; asking theremin for them would be ignored, so say so.
        if backend == .jack, let stray = [Options.rate.name, Options.period.name].first(where: parsed.has) {
            throw UsageError("\(stray) applies to ALSA; with --audio jack the JACK server sets the rate and period "
                             + "(e.g. `jack_bufsize 128`, or jackd -r 48000 -p 128)", options: [stray, "--audio"])
        }
    }
}
