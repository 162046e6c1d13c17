import Foundation

extension JACKOutput {
    /// `name` as a regular expression that matches it literally (for `jack_get_ports`).
    static func escaped(_ name: String) -> String { NSRegularExpression.escapedPattern(for: name) }

    /// The ports `out_1` and `out_2` go to (one name takes both, two take one each), or with `midi` the ports
    /// `midi_out` goes to (a client's name: its first MIDI input; MIDI has no physical default).
    /// - Throws: `JACKError.noSuchPort` for a name the server does not know.
    static func destinations(of connection: JACKRequest.Connection, on client: JACKClient,
                             midi: Bool = false) throws(JACKError) -> [String] {
        switch connection {
        case .none:
            return []
        case .physicalPlayback:
            return midi ? [] : Array(client.ports(physical: true).prefix(2))
        case .ports(let names):
            var found: [String] = []
            for name in names {
                if name.contains(":") {
                    guard client.portExists(name) else { throw JACKError(server: client.label, problem: .noSuchPort(name)) }
                    found.append(name)
                } else {
                    // A client's name: its inputs in order (Ardour's tracks, Carla's rack).
                    let inputs = client.ports(matching: "^" + escaped(name) + ":", midi: midi)
                    guard !inputs.isEmpty else { throw JACKError(server: client.label, problem: .noSuchPort(name)) }
                    found += !midi && names.count == 1 ? Array(inputs.prefix(2)) : [inputs[0]]
                }
            }
            return midi ? found : Array(found.prefix(2))
        }
    }
}
