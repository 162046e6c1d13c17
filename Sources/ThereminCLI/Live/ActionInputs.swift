import ThereminAudio
import ThereminCore
import ThereminJACK
import ThereminOSC

/// Opens the inputs of the player's actions the options ask for (`--osc-in`), before playing: one that cannot be
/// opened is an input error at the start, not a surprise on stage.
enum ActionInputs {
    static func open(_ settings: Settings) throws -> [any ActionInput] {
        var inputs: [any ActionInput] = []
        if let address = settings.actions.oscIn {
            do {
                inputs.append(try OSCActionInput(listeningOn: address))
            } catch {
                throw ActionInputError(description: "\(error)")
            }
        }
        if let port = settings.actions.midiIn {
            do {
                inputs.append(try midiInput(port, settings: settings))
            } catch {
                for input in inputs { input.close() }
                throw error
            }
        }
        if settings.verbose { for input in inputs { Output.err("\(input.name)\n") } }
        return inputs
    }
}

extension ActionInputs {
    /// `--midi-in`: JACK MIDI (`jack:`, `jack:PORT[,PORT]`) on a client of its own, or the ALSA sequencer.
    /// - Throws: `JACKError` or `MIDIError` when the server, the sequencer or the port is not there (input errors).
    static func midiInput(_ port: String, settings: Settings) throws -> any ActionInput {
        guard port.hasPrefix(MIDIOutputChoice.jackPrefix) else {
            return try ALSASequencerInput(connectingFrom: port, map: settings.actions.midiMap)
        }
        let names = port.dropFirst(MIDIOutputChoice.jackPrefix.count).split(separator: ",").map(String.init)
            .filter { !$0.isEmpty }
        let request = JACKRequest(server: settings.studio.jackServer, clientName: "theremin-midi-in",
                                  connection: names.isEmpty ? .none : .ports(names))
        return try JACKMIDIInput(request: request, map: settings.actions.midiMap)
    }
}

/// An input of actions that cannot be opened: the port taken, the MIDI port not there (exit 2 at the start).
struct ActionInputError: ReportableError {
    let description: String
    var failureKind: FailureKind { .input }
}
