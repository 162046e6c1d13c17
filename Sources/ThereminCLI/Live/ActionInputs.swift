import ThereminCore
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
        if settings.verbose { for input in inputs { Output.err("\(input.name)\n") } }
        return inputs
    }
}

/// An input of actions that cannot be opened: the port taken, the MIDI port not there (exit 2 at the start).
struct ActionInputError: ReportableError {
    let description: String
    var failureKind: FailureKind { .input }
}
