import ThereminCore

/// `--osc-out`: the performance and the hands as OSC over UDP (ThereminOSC; address space in OSCAddressSpace).
extension Options {
    static let osc: [any AnyOption] = [oscOut]

    static let oscOut = Option<OSCEndpoint>("--osc-out", value: "HOST:PORT",
                                            help: "also send pitch, note, level, gate and the hands as OSC bundles over UDP (see docs/guide.md, \"OSC out\")",
                                            group: .osc, inPresets: false) { text in
        guard let endpoint = OSCEndpoint(parsing: text) else {
            throw UsageError("--osc-out needs HOST:PORT with a port from 1 to 65535, e.g. 127.0.0.1:9000, got '\(text)'", options: ["--osc-out"])
        }
        return endpoint
    }
}
